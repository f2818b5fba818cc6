//! `workspace/diagnostic`: every open document's diagnostics, and those
//! analyses found in files that are not open, each `Unchanged` when the
//! client has its result id.

use std::collections::HashMap;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    FullDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport, Uri,
    WorkspaceDiagnosticParams, WorkspaceDiagnosticReport, WorkspaceDiagnosticReportResult,
    WorkspaceDocumentDiagnosticReport, WorkspaceFullDocumentDiagnosticReport,
    WorkspaceUnchangedDocumentDiagnosticReport,
};

use crate::server::Backend;

/// `workspace/diagnostic`: every open document, and every file where
/// an analysis found diagnostics (a model imported from a file that is
/// not open), each `Unchanged` when the client has its result id.
pub(crate) async fn handle(
    backend: &Backend,
    params: WorkspaceDiagnosticParams,
) -> Result<WorkspaceDiagnosticReportResult> {
    let previous: HashMap<Uri, String> = params
        .previous_result_ids
        .into_iter()
        .map(|p| (p.uri, p.value))
        .collect();
    let open = backend.state.open_uris();
    let mut uris = open.clone();
    for t in backend.state.workspace.foreign_targets() {
        if !uris.contains(&t) {
            uris.push(t);
        }
    }
    uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    let mut items = Vec::new();
    for uri in uris {
        if backend.state.notebooks.is_notebook(&uri) {
            // Reported per cell, in full each time.
            let Some(a) = backend.analysis(&uri).await else {
                continue;
            };
            let all = backend.state.with_foreign(&uri, &a.diagnostics);
            for (cell, cell_items) in backend.state.notebooks.per_cell(&uri, &all) {
                items.push(WorkspaceDocumentDiagnosticReport::Full(
                    WorkspaceFullDocumentDiagnosticReport {
                        uri: cell,
                        version: None,
                        full_document_diagnostic_report: FullDocumentDiagnosticReport {
                            result_id: None,
                            items: cell_items,
                        },
                    },
                ));
            }
            continue;
        }
        let (diagnostics, generation, version) = if open.contains(&uri) {
            let Some(a) = backend.analysis(&uri).await else {
                continue;
            };
            let d = backend.state.with_foreign(&uri, &a.diagnostics);
            (d, a.generation, Some(i64::from(a.version)))
        } else {
            (backend.state.workspace.foreign_for(&uri), 0, None)
        };
        let id = format!(
            "{generation}-{}-{}",
            diagnostics.len(),
            fingerprint(&diagnostics)
        );
        let report = if previous.get(&uri) == Some(&id) {
            WorkspaceDocumentDiagnosticReport::Unchanged(
                WorkspaceUnchangedDocumentDiagnosticReport {
                    uri,
                    version,
                    unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                        result_id: id,
                    },
                },
            )
        } else {
            WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
                uri,
                version,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: Some(id),
                    items: diagnostics,
                },
            })
        };
        items.push(report);
    }
    Ok(WorkspaceDiagnosticReportResult::Report(
        WorkspaceDiagnosticReport { items },
    ))
}

/// A cheap content hash of diagnostics, so that a result id changes when
/// a file's foreign diagnostics do.
fn fingerprint(diagnostics: &[tower_lsp_server::ls_types::Diagnostic]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for d in diagnostics {
        d.message.hash(&mut h);
        (d.range.start.line, d.range.start.character).hash(&mut h);
    }
    h.finish()
}
