//! `torch.export.draft_export(...)` semantics. torch's draft export traces
//! with real tensors propagated beside the fake ones, so a data-dependent
//! decision does not fail: it is decided on the example inputs' values,
//! asserted at run time, and reported (`DATA_DEPENDENT_ERROR`); a
//! `dynamic_shapes` constraint violation makes it trace again with the
//! marked dims as `Dim.AUTO` and report every guard that second trace
//! added (`GUARD_ADDED`). Any other failure is raised as by `export`.
//!
//! exportlens does not know the example inputs' values, so a run that
//! draft export tolerates is reported as exporting, with its issues
//! ([`DraftIssue`]) and without a program (`program_known: false` in the
//! JSON report).

use serde_json::{Value as Json, json};
use syntax::ast::ExprKind;
use tracer::entry::{EntryKind, EntryPoint};
use tracer::{FailureKind, TraceOutcome, TraceResult};

/// One issue of torch's `DraftExportReport`, by its `FailureType` name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftIssue {
    /// `DATA_DEPENDENT_ERROR` or `GUARD_ADDED`.
    pub kind: &'static str,
    /// The user line torch's report names (its `user_stack`'s last frame).
    pub line: Option<u32>,
    /// The file of that line when it is not the entry's file.
    pub path: Option<String>,
    pub message: String,
}

/// Whether `entry` is a `draft_export(...)` call (written
/// `draft_export(...)` or `<module>.draft_export(...)`).
pub fn is_draft(entry: &EntryPoint) -> bool {
    let EntryKind::ExportCall { call, .. } = &entry.kind else {
        return false;
    };
    let ExprKind::Call { func, .. } = &call.kind else {
        return false;
    };
    match &func.kind {
        ExprKind::Name(n) => n == "draft_export",
        ExprKind::Attribute { attr, .. } => attr == "draft_export",
        _ => false,
    }
}

/// The issues draft export reports for a run it completes despite a
/// failure of `export`; `None` when the run exported (no issues) or the
/// failure is one draft export raises too (a graph break, an error, or
/// no verdict).
pub fn tolerated(r: &TraceResult) -> Option<Vec<DraftIssue>> {
    let TraceOutcome::Failed(f) = &r.outcome else {
        return None;
    };
    match f.kind {
        FailureKind::DataDependent => Some(vec![DraftIssue {
            kind: "DATA_DEPENDENT_ERROR",
            line: f.line,
            path: f.path.clone(),
            message: format!(
                "data dependent error: {}; draft_export decides it on the example inputs and asserts that at run time (add `torch._check(...)` to state the assumption)",
                f.message
            ),
        }]),
        FailureKind::ConstraintViolation => {
            let mut issues: Vec<DraftIssue> = r
                .guards
                .iter()
                .filter(|g| g.line.is_some())
                .map(|g| DraftIssue {
                    kind: "GUARD_ADDED",
                    line: g.line,
                    path: g.path.clone(),
                    message: format!(
                        "guard added: {}; draft_export traces again with the marked dims as Dim.AUTO ({})",
                        g.expr, f.message
                    ),
                })
                .collect();
            if issues.is_empty() {
                issues.push(DraftIssue {
                    kind: "GUARD_ADDED",
                    line: f.line,
                    path: f.path.clone(),
                    message: format!(
                        "guard added; draft_export traces again with the marked dims as Dim.AUTO ({})",
                        f.message
                    ),
                });
            }
            Some(issues)
        }
        _ => None,
    }
}

/// The JSON of a draft entry's run: `export`'s report plus
/// `draft_report` (the issues, empty for a clean run); a tolerated
/// failure is `"ok": true` with `"program_known": false` and empty
/// `inputs`/`nodes`/`outputs`/`range_constraints`.
pub fn run_report(r: &TraceResult) -> Json {
    let Some(issues) = tolerated(r) else {
        let mut m = crate::report::run_report(r);
        if m.get("ok") == Some(&json!(true)) {
            m["draft_report"] = json!([]);
        }
        return m;
    };
    let issues: Vec<Json> = issues
        .iter()
        .map(|i| json!({"kind": i.kind, "line": i.line, "path": i.path, "message": i.message}))
        .collect();
    let full = crate::report::run_report(r);
    json!({
        "ok": true,
        "program_known": false,
        "inputs": [],
        "nodes": [],
        "outputs": [],
        "range_constraints": {},
        "guards": full.get("guards").cloned().unwrap_or(json!([])),
        "draft_report": issues,
    })
}
