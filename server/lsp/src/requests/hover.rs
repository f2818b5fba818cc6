//! `textDocument/hover`: what a line records and guards, a name's tensor
//! type, a symbol's range (see [`crate::hover`]), with what other files'
//! entries recorded on this file's lines.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Hover, HoverParams};

use crate::server::Backend;

/// The hover of a position, from the newest analysis.
pub(crate) async fn handle(backend: &Backend, params: HoverParams) -> Result<Option<Hover>> {
    let p = params.text_document_position_params;
    let Some(a) = backend.analysis(&p.text_document.uri).await else {
        return Ok(None);
    };
    let table = backend
        .state
        .workspace
        .hover_with_foreign(&p.text_document.uri, &a.hover);
    Ok(crate::hover::hover(
        &table,
        &a.rope,
        p.position,
        backend.state.encoding(),
    ))
}
