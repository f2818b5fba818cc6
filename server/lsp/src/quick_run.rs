//! Quick runs from the editor: the `exportlens/quickRun` request and the
//! `exportlens.quickRun` command run each entry point's exported program
//! (non-strict trace) with the `runtime` crate on the deterministic values
//! and answer with the same summary as `exportlens run`.

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use tower_lsp_server::ls_types::TextDocumentIdentifier;

/// The command the "Quick run" code lens and the editors call.
pub const QUICK_RUN_COMMAND: &str = "exportlens.quickRun";

/// Params of the `exportlens/quickRun` request.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuickRunParams {
    pub text_document: TextDocumentIdentifier,
    /// Only the entry point on this 1-based line.
    #[serde(default)]
    pub line: Option<u32>,
}

/// Result of the `exportlens/quickRun` request.
#[derive(Debug, Serialize)]
pub struct QuickRunResult {
    pub uri: String,
    pub version: i32,
    /// What `exportlens run` prints.
    pub text: String,
    /// What `exportlens run --json` gives per entry:
    /// `[{"name", "line", "numeric": {"outputs": OUT} | {"error": ...}}]`.
    pub entries: Vec<Json>,
}

/// Run the entry points of `text` (those on `line` only, when given).
/// Blocking: call it off the async runtime. Never panics (the interpreter
/// catches panics per entry).
pub fn run(path: &str, text: &str, line: Option<u32>) -> (String, Vec<Json>) {
    let mut runs = runtime::run_source(path, text, &runtime::RunOptions::default());
    if let Some(l) = line {
        runs.retain(|r| r.line == l);
    }
    let summary = runtime::summary::runs_text(&runs);
    let entries = runs.iter().map(runtime::entry_json).collect();
    (summary, entries)
}
