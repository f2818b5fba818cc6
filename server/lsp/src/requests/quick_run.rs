//! `exportlens/quickRun`: the document's entry points run by the
//! interpreter on a blocking worker (see [`crate::quick_run`]).

use tower_lsp_server::jsonrpc::{Error, Result};

use crate::quick_run::{QuickRunParams, QuickRunResult};
use crate::server::Backend;

/// Runs the document's entry points with the interpreter, on a blocking
/// worker.
pub(crate) async fn handle(backend: &Backend, p: QuickRunParams) -> Result<QuickRunResult> {
    let uri = p.text_document.uri;
    let Some((text, version)) = backend.state.document_text(&uri) else {
        return Err(Error::invalid_params(format!(
            "{} is not open",
            uri.as_str()
        )));
    };
    let path = uri.as_str().to_string();
    let line = p.line;
    let (summary, entries) =
        tokio::task::spawn_blocking(move || crate::quick_run::run(&path, &text, line))
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "quick run worker failed");
                Error::internal_error()
            })?;
    Ok(QuickRunResult {
        uri: uri.as_str().to_string(),
        version,
        text: summary,
        entries,
    })
}
