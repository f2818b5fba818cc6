//! `exportlens/exportedProgram`: the printed exported programs of a
//! document, in the configured mode or the one asked for.

use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::TextDocumentIdentifier;

use crate::config::{Config, ModeSetting};
use crate::server::Backend;

/// Params of the `exportlens/exportedProgram` request.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedProgramParams {
    pub text_document: TextDocumentIdentifier,
    /// `strict`, `nonstrict` or `both`; the configured mode when absent.
    #[serde(default)]
    pub mode: Option<String>,
    /// Only the entry point on this 1-based line.
    #[serde(default)]
    pub line: Option<u32>,
}

/// Result of the `exportlens/exportedProgram` request.
#[derive(Debug, Serialize)]
pub struct ExportedProgramResult {
    pub uri: String,
    pub version: i32,
    /// The programs in torch's print format, one per entry point and mode.
    pub text: String,
}

const NO_ENTRIES: &str = "no entry points found (expected `model` + `example_args`, or a torch.export.export(...) call)\n";

/// The text of the exported programs of a document.
/// The programs of a document, in the mode asked for.
pub(crate) async fn handle(
    backend: &Backend,
    p: ExportedProgramParams,
) -> Result<ExportedProgramResult> {
    let uri = p.text_document.uri;
    let mode = match p.mode.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("") => None,
        Some("strict") => Some(ModeSetting::Strict),
        Some("nonstrict" | "non-strict") => Some(ModeSetting::NonStrict),
        Some("both") => Some(ModeSetting::Both),
        Some("auto") => Some(ModeSetting::Auto),
        Some(other) => {
            return Err(Error::invalid_params(format!(
                "mode must be strict, nonstrict, both or auto, not {other:?}"
            )));
        }
    };
    // Analyses after edits do not print programs: this one does (in the
    // configured mode it starts from the traces the last one kept).
    let config = Config {
        mode: mode.unwrap_or(backend.state.config().mode),
        ..backend.state.config()
    };
    let analysis = backend.state.compute_with(&uri, config).await;
    let Some(a) = analysis else {
        return Err(Error::invalid_params(format!(
            "{} is not open",
            uri.as_str()
        )));
    };
    let mut text = String::new();
    for prog in a.programs.iter().filter(|p| p.reported) {
        if p.line.is_some_and(|l| l != prog.entry_line) {
            continue;
        }
        text.push_str(&prog.text);
        text.push('\n');
    }
    if text.is_empty() {
        text.push_str(NO_ENTRIES);
    }
    Ok(ExportedProgramResult {
        uri: uri.as_str().to_string(),
        version: a.version,
        text,
    })
}
