//! The shared model's diagnostics (`diagnostics::build`) as the editor
//! gets them: LSP diagnostics located in the negotiated encoding (this
//! document's, and those in other files, published for those files), each
//! with its help and notes as lines of its message, its related places and
//! its code's documentation link; its fixes as quick-fix code actions. A
//! diagnostic about the whole file (no entry point) has no place in an
//! editor and is not published.

use std::collections::HashMap;

use diagnostics::files::Files;
use ropey::Rope;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeDescription, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, Location, NumberOrString, Range, TextEdit, Uri, WorkspaceEdit,
};

use super::Ctx;
use crate::position::byte_range;

/// The diagnostics of one analysis, as published.
pub(super) struct Published {
    /// This document's.
    pub diagnostics: Vec<Diagnostic>,
    /// Quick fixes, each naming its diagnostic.
    pub actions: Vec<CodeAction>,
    /// Diagnostics located in other files.
    pub foreign: Vec<(Uri, Diagnostic)>,
}

/// The LSP severity of a model severity.
fn lsp_severity(s: diagnostics::Severity) -> DiagnosticSeverity {
    match s {
        diagnostics::Severity::Error => DiagnosticSeverity::ERROR,
        diagnostics::Severity::Warning => DiagnosticSeverity::WARNING,
        diagnostics::Severity::Info => DiagnosticSeverity::INFORMATION,
        diagnostics::Severity::Hint => DiagnosticSeverity::HINT,
    }
}

/// The model severity of the editor's `guardSeverity` setting.
pub(super) fn model_severity(s: DiagnosticSeverity) -> diagnostics::Severity {
    match s {
        DiagnosticSeverity::ERROR => diagnostics::Severity::Error,
        DiagnosticSeverity::WARNING => diagnostics::Severity::Warning,
        DiagnosticSeverity::HINT => diagnostics::Severity::Hint,
        _ => diagnostics::Severity::Info,
    }
}

/// `d` at `range`, without related places.
pub(super) fn unlocated(d: &diagnostics::Diagnostic, range: Range) -> Diagnostic {
    Diagnostic {
        range,
        severity: Some(lsp_severity(d.severity)),
        code_description: d
            .url()
            .and_then(|u| u.parse().ok())
            .map(|href| CodeDescription { href }),
        code: Some(NumberOrString::String(d.code.clone())),
        source: Some("exportlens".into()),
        message: d.full_message(),
        ..Diagnostic::default()
    }
}

/// The texts of the files diagnostics are in, as ropes, by path.
struct Texts<'a> {
    ctx: &'a Ctx<'a>,
    files: &'a Files,
    others: HashMap<String, Option<(Uri, Rope)>>,
}

impl Texts<'_> {
    /// The URI and LSP range of a byte range of the file at `path`.
    fn locate(&mut self, path: &str, range: syntax::TextRange) -> Option<(Uri, Range)> {
        let enc = self.ctx.snap.encoding;
        if path == self.ctx.file.path {
            return Some((
                self.ctx.snap.uri.clone(),
                self.ctx.range(range.start, range.end),
            ));
        }
        let files = self.files;
        let (uri, rope) = self
            .others
            .entry(path.to_string())
            .or_insert_with(|| {
                let uri = Uri::from_file_path(path)?;
                Some((uri, Rope::from_str(&files.get(path)?.text)))
            })
            .as_ref()?;
        let range = byte_range(rope, range.start as usize, range.end as usize, enc);
        Some((uri.clone(), range))
    }
}

/// The shown diagnostics of `built`, located, with their quick fixes.
pub(super) fn convert(ctx: &Ctx, files: &Files, built: &diagnostics::FileDiagnostics) -> Published {
    let mut texts = Texts {
        ctx,
        files,
        others: HashMap::new(),
    };
    let mut out = Published {
        diagnostics: Vec::new(),
        actions: Vec::new(),
        foreign: Vec::new(),
    };
    for d in built.visible() {
        let Some((uri, range)) = d.range.and_then(|r| texts.locate(&d.path, r)) else {
            continue;
        };
        let mut lsp = unlocated(d, range);
        let related: Vec<DiagnosticRelatedInformation> = d
            .related
            .iter()
            .filter_map(|r| {
                let (uri, range) = texts.locate(&r.path, r.range)?;
                Some(DiagnosticRelatedInformation {
                    location: Location { uri, range },
                    message: r.message.clone(),
                })
            })
            .collect();
        lsp.related_information = (!related.is_empty()).then_some(related);
        if d.path != ctx.file.path {
            out.foreign.push((uri, lsp));
            continue;
        }
        for fix in &d.fixes {
            let edits: Vec<TextEdit> = fix.edits.iter().map(|e| ctx.edit(e)).collect();
            out.actions.push(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(ctx.snap.uri.clone(), edits)])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(fix.preferred),
                ..CodeAction::default()
            });
        }
        out.diagnostics.push(lsp);
    }
    out
}
