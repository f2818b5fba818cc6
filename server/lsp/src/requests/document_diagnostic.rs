//! `textDocument/diagnostic`: one document's diagnostics (its own and
//! those other files' analyses found in it), or one notebook cell's.

use std::collections::HashMap;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport,
    RelatedUnchangedDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport, Uri,
};

use crate::server::Backend;

/// A document's (or notebook cell's) diagnostics, `Unchanged` when the
/// client has them.
pub(crate) async fn handle(
    backend: &Backend,
    params: DocumentDiagnosticParams,
) -> Result<DocumentDiagnosticReportResult> {
    // A notebook cell's diagnostics come from its notebook's analysis.
    let cell = &params.text_document.uri;
    if let Some(notebook) = backend.state.notebooks.owner(cell) {
        let items = match backend.analysis(&notebook).await {
            Some(a) => {
                let all = backend.state.with_foreign(&notebook, &a.diagnostics);
                backend
                    .state
                    .notebooks
                    .cell_diagnostics(&notebook, cell, &all)
            }
            None => Vec::new(),
        };
        return Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            }),
        ));
    }
    let Some(a) = backend.analysis(&params.text_document.uri).await else {
        return Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport::default(),
            }),
        ));
    };
    let items = backend
        .state
        .with_foreign(&params.text_document.uri, &a.diagnostics);
    let id = format!("{}-{}", a.generation, items.len());
    if params.previous_result_id.as_deref() == Some(id.as_str()) {
        return Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
                related_documents: None,
                unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                    result_id: id,
                },
            }),
        ));
    }
    Ok(DocumentDiagnosticReportResult::Report(
        DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
            related_documents: None::<HashMap<Uri, _>>,
            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                result_id: Some(id),
                items,
            },
        }),
    ))
}
