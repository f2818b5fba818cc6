//! `torch.export.draft_export(...)` semantics. torch's draft export traces
//! with real tensors propagated beside the fake ones, so a data-dependent
//! decision does not fail: it is decided on the example inputs' values,
//! asserted at run time, and reported (`DATA_DEPENDENT_ERROR`); a
//! `dynamic_shapes` constraint violation makes it trace again with the
//! marked dims as `Dim.AUTO` and report every guard that second trace
//! added (`GUARD_ADDED`). Any other failure is raised as by `export`.
//!
//! The tracer does both when its options ask for draft semantics
//! (`TraceOptions::draft`, with an evaluator on the example inputs'
//! values): the run exports, and this module reports its program with
//! the issues ([`DraftIssue`]). Where a value cannot be computed (inputs
//! from `torch.randn`, randomly initialized weights) the run still fails,
//! and draft export's completion is reported without a program
//! (`program_known: false` in the JSON report).

use serde_json::{Value as Json, json};
use syntax::ast::ExprKind;
use tracer::entry::{EntryKind, EntryPoint};
use tracer::failure::ExampleDecision;
use tracer::{Failure, FailureKind, TraceOutcome, TraceResult};

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

/// The issues draft export reports for a run: the decisions it took on
/// the example inputs' values and, after a constraint violation, the
/// guards its second trace (every Dim as `Dim.AUTO`) added; for a failed
/// run, the failure draft export tolerates but exportlens could not
/// decide (a value it cannot compute). `None` when the run has no issue
/// or fails as `draft_export` fails too (a graph break, an error, or no
/// verdict).
pub fn tolerated(r: &TraceResult) -> Option<Vec<DraftIssue>> {
    let issues = match &r.outcome {
        TraceOutcome::Exported(_) => {
            let decided = |d: &ExampleDecision| DraftIssue {
                kind: "DATA_DEPENDENT_ERROR",
                line: d.line,
                path: d.path.clone(),
                message: format!(
                    "data dependent error: could not decide `{}`; draft_export decided it on the example inputs and asserts it at run time (add `torch._check(...)` to state the assumption)",
                    d.expr
                ),
            };
            match &r.retraced_after {
                None => r.decided_on_examples.iter().map(decided).collect(),
                // torch's report lists what the second trace logged in log
                // order; there a decision is also an added guard.
                Some(violation) => {
                    let mut issues = Vec::new();
                    let mut decisions = r.decided_on_examples.iter().peekable();
                    for (i, g) in r.guards.iter().enumerate() {
                        while let Some(d) = decisions.next_if(|d| d.guards_before <= i) {
                            issues.push(decided(d));
                            issues.push(decision_guard(d, violation));
                        }
                        if g.line.is_some() {
                            issues.push(guard_added(g.line, g.path.clone(), &g.expr, violation));
                        }
                    }
                    for d in decisions {
                        issues.push(decided(d));
                        issues.push(decision_guard(d, violation));
                    }
                    issues
                }
            }
        }
        TraceOutcome::Failed(f) => match f.kind {
            FailureKind::DataDependent => vec![DraftIssue {
                kind: "DATA_DEPENDENT_ERROR",
                line: f.line,
                path: f.path.clone(),
                message: format!(
                    "data dependent error: {}; draft_export decides it on the example inputs and asserts that at run time (add `torch._check(...)` to state the assumption)",
                    f.message
                ),
            }],
            FailureKind::ConstraintViolation => {
                let mut issues: Vec<DraftIssue> = r
                    .guards
                    .iter()
                    .filter(|g| g.line.is_some())
                    .map(|g| guard_added(g.line, g.path.clone(), &g.expr, f))
                    .collect();
                if issues.is_empty() {
                    issues.push(guard_added(f.line, f.path.clone(), "", f));
                }
                issues
            }
            _ => return None,
        },
    };
    (!issues.is_empty()).then_some(issues)
}

fn decision_guard(d: &ExampleDecision, violation: &Failure) -> DraftIssue {
    guard_added(d.line, d.path.clone(), &d.expr, violation)
}

/// A `GUARD_ADDED` issue of draft export's second trace.
fn guard_added(
    line: Option<u32>,
    path: Option<String>,
    expr: &str,
    violation: &Failure,
) -> DraftIssue {
    let what = if expr.is_empty() {
        String::new()
    } else {
        format!(": {expr}")
    };
    DraftIssue {
        kind: "GUARD_ADDED",
        line,
        path,
        message: format!(
            "guard added{what}; draft_export traced again with the marked dims as Dim.AUTO ({})",
            violation.message
        ),
    }
}

/// The JSON of a draft entry's run: `export`'s report plus
/// `draft_report` (the issues, empty for a clean run); a tolerated
/// failure is `"ok": true` with `"program_known": false` and empty
/// `inputs`/`nodes`/`outputs`/`range_constraints`.
pub fn run_report(r: &TraceResult, path: &str) -> Json {
    let issues: Vec<Json> = tolerated(r)
        .unwrap_or_default()
        .iter()
        .map(|i| json!({"kind": i.kind, "line": i.line, "path": i.path, "message": i.message}))
        .collect();
    let full = crate::report::run_report(r, path);
    if matches!(r.outcome, TraceOutcome::Exported(_)) || issues.is_empty() {
        let mut m = full;
        if m.get("ok") == Some(&json!(true)) {
            m["draft_report"] = json!(issues);
        }
        return m;
    }
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
