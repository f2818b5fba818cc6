//! `textDocument/codeAction`: the quick fixes of the diagnostics in the
//! range (from the shared diagnostics model) and the refactorings offered
//! on an entry point's lines, filtered by the kinds asked for.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse, Range,
};

use crate::server::Backend;

/// The code actions of a range, from the newest analysis.
pub(crate) async fn handle(
    backend: &Backend,
    params: CodeActionParams,
) -> Result<Option<CodeActionResponse>> {
    let Some(a) = backend.analysis(&params.text_document.uri).await else {
        return Ok(None);
    };
    let wants = |kind: &CodeActionKind| {
        params
            .context
            .only
            .as_ref()
            .is_none_or(|only| only.iter().any(|k| kind.as_str().starts_with(k.as_str())))
    };
    let r = params.range;
    let overlaps = |x: &Range| x.start <= r.end && r.start <= x.end;
    let mut actions: Vec<CodeActionOrCommand> = Vec::new();
    if wants(&CodeActionKind::QUICKFIX) {
        actions.extend(
            a.actions
                .iter()
                .filter(|act| {
                    act.diagnostics
                        .as_ref()
                        .is_some_and(|ds| ds.iter().any(|d| overlaps(&d.range)))
                })
                .cloned()
                .map(CodeActionOrCommand::CodeAction),
        );
    }
    if wants(&CodeActionKind::REFACTOR_REWRITE) {
        actions.extend(
            a.entry_actions
                .iter()
                .filter(|(range, _)| overlaps(range))
                .map(|(_, act)| CodeActionOrCommand::CodeAction(act.clone())),
        );
    }
    Ok(Some(actions))
}
