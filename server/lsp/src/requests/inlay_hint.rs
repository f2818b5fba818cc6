//! `textDocument/inlayHint`: tensor shapes after assignments and returned
//! values, in the requested range; a model file other files' entries reach
//! shows what they traced there too.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{InlayHint, InlayHintParams};

use crate::server::Backend;

/// The inlay hints of a range, from the newest analysis.
pub(crate) async fn handle(
    backend: &Backend,
    params: InlayHintParams,
) -> Result<Option<Vec<InlayHint>>> {
    if !backend.state.config().inlay_hints {
        return Ok(Some(Vec::new()));
    }
    let Some(a) = backend.analysis(&params.text_document.uri).await else {
        return Ok(None);
    };
    let uri = &params.text_document.uri;
    // A model file other files' entries reach shows what they traced
    // there, besides its own traces.
    let with_foreign = backend.state.workspace.has_foreign_hover(uri).then(|| {
        let table = backend.state.workspace.hover_with_foreign(uri, &a.hover);
        crate::analysis::inlay_hints(&a.inlay_sites, &table)
    });
    let r = params.range;
    let hints = with_foreign
        .as_ref()
        .unwrap_or(&a.inlay_hints)
        .iter()
        .filter(|h| h.position >= r.start && h.position <= r.end)
        .cloned()
        .collect();
    Ok(Some(hints))
}
