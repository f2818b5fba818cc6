//! `textDocument/codeLens`: the lenses of the newest analysis ("Show
//! exported program", "Quick run", "Export this module").

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams};

use crate::server::Backend;

/// The code lenses of a document, from the newest analysis.
pub(crate) async fn handle(
    backend: &Backend,
    params: CodeLensParams,
) -> Result<Option<Vec<CodeLens>>> {
    let Some(a) = backend.analysis(&params.text_document.uri).await else {
        return Ok(None);
    };
    Ok(Some(a.lenses.clone()))
}
