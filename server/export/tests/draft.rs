//! Draft-export semantics (`TraceOptions::draft` in the tracer, the
//! issues in `export::draft`): a decision on tensor data is taken on the
//! example value the evaluator gives, asserted in the program and
//! reported; without a value it stays a data-dependent failure; a
//! constraint violation traces again with every Dim as `Dim.AUTO`.

use std::rc::Rc;

use tracer::concrete::{ConcreteEval, Scalar};
use tracer::entry::{TraceOptions, trace_entry_with};
use tracer::graph::{Graph, NodeId, NodeOp};
use tracer::shape_env::ShapeEnv;
use tracer::{FailureKind, Mode, SourceFile, TraceOutcome, TraceResult, find_entries};

/// Answers every question with one value, as if every node read held it.
struct Always(Option<Scalar>);

impl ConcreteEval for Always {
    fn scalar(&self, _: &Graph, _: &ShapeEnv, _: NodeId) -> Option<Scalar> {
        self.0
    }
}

fn trace(src: &str, draft: bool, value: Option<Scalar>) -> TraceResult {
    let file = SourceFile::parse("m.py", src);
    let entry = find_entries(&file).remove(0);
    let options = TraceOptions {
        draft,
        concrete: Some(Rc::new(Always(value))),
        ..TraceOptions::default()
    };
    trace_entry_with(file, &entry, Mode::NonStrict, &options)
}

/// The program's `call_function` targets in their final order.
fn targets(r: &TraceResult) -> Vec<String> {
    let TraceOutcome::Exported(p) = &r.outcome else {
        panic!("expected a program");
    };
    let named = export::name_program(p, Mode::NonStrict);
    named
        .order
        .iter()
        .filter_map(|id| match &p.graph.node(*id).op {
            NodeOp::CallFunction { target, .. } => Some(target.clone()),
            _ => None,
        })
        .collect()
}

/// The draft report's issues: (kind, line).
fn issues(r: &TraceResult) -> Vec<(&'static str, Option<u32>)> {
    export::draft::tolerated(r)
        .unwrap_or_default()
        .iter()
        .map(|i| (i.kind, i.line))
        .collect()
}

const INT_BRANCH: &str = "import torch
class M(torch.nn.Module):
    def forward(self, x):
        n = x.sum().long().item()
        if n > 2:
            return x * 2
        return x - 1
ep = torch.export.draft_export(M(), (torch.ones(3),))
";

#[test]
fn an_int_decision_is_taken_on_the_example_value_and_asserted() {
    let r = trace(INT_BRANCH, true, Some(Scalar::Int(3)));
    let t = targets(&r);
    // The range assertion (u0 >= 3), then the decision's own (u0 > 2).
    let asserted: Vec<&str> = t
        .iter()
        .filter(|t| t.starts_with("_operator."))
        .map(String::as_str)
        .collect();
    assert_eq!(asserted, ["_operator.ge", "_operator.gt"], "{t:?}");
    assert_eq!(
        t.last().map(String::as_str),
        Some("aten.mul.Tensor"),
        "{t:?}"
    );
    assert_eq!(issues(&r), [("DATA_DEPENDENT_ERROR", Some(5))]);
}

#[test]
fn the_other_branch_when_the_example_value_says_so() {
    let r = trace(INT_BRANCH, true, Some(Scalar::Int(1)));
    let t = targets(&r);
    assert_eq!(
        t.last().map(String::as_str),
        Some("aten.sub.Tensor"),
        "{t:?}"
    );
    // `u0 <= 2` is the range assertion itself: no second one.
    assert_eq!(
        t.iter().filter(|t| *t == "_operator.le").count(),
        1,
        "{t:?}"
    );
}

#[test]
fn without_a_value_the_decision_fails_and_the_issue_stays() {
    let r = trace(INT_BRANCH, true, None);
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("expected a failure");
    };
    assert_eq!(f.kind, FailureKind::DataDependent);
    assert!(r.decided_on_examples.is_empty());
    // draft_export still completes: the report says why, without a program.
    assert_eq!(issues(&r), [("DATA_DEPENDENT_ERROR", Some(5))]);
    let json = export::draft::run_report(&r, "m.py");
    assert_eq!(json["program_known"], false);
}

#[test]
fn a_float_decision_that_holds_is_asserted_one_that_fails_is_not() {
    let src = "import torch
class M(torch.nn.Module):
    def forward(self, x):
        s = x.max().item()
        if s > 0.5:
            return x / s
        return x
ep = torch.export.draft_export(M(), (torch.ones(3),))
";
    let holds = targets(&trace(src, true, Some(Scalar::Float(1.0))));
    assert!(holds.contains(&"_operator.gt".to_string()), "{holds:?}");
    assert!(holds.contains(&"aten._assert_scalar.default".to_string()));
    // The float read is the division's argument, not a constant.
    assert_eq!(holds.last().map(String::as_str), Some("aten.div.Tensor"));
    let fails = targets(&trace(src, true, Some(Scalar::Float(0.25))));
    assert!(!fails.iter().any(|t| t.contains("assert")), "{fails:?}");
}

#[test]
fn tensor_truth_reads_ne_item_sym_ite_as_torch_does() {
    let src = "import torch
class M(torch.nn.Module):
    def forward(self, x, y):
        if (x > y).all():
            return x - y
        return y - x
ep = torch.export.draft_export(M(), (torch.zeros(4), torch.ones(4)))
";
    let t = targets(&trace(src, true, Some(Scalar::Bool(false))));
    let expected = [
        "aten.gt.Tensor",
        "aten.all.default",
        "aten.ne.Scalar",
        "aten.item.default",
        "torch.sym_ite",
        "_operator.ge",
        "aten._assert_scalar.default",
        "_operator.le",
        "aten._assert_scalar.default",
        "_operator.eq",
        "torch.sym_not",
        "aten._assert_scalar.default",
        "aten.sub.Tensor",
    ];
    assert_eq!(t, expected);
}

#[test]
fn a_constraint_violation_traces_again_with_dims_as_auto() {
    let src = "import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x.view(4, -1)
batch = Dim('batch')
ep = torch.export.draft_export(M(), (torch.ones(4, 8),), dynamic_shapes={'x': {0: batch}})
";
    let r = trace(src, true, None);
    let violation = r.retraced_after.as_ref().expect("a second trace");
    assert_eq!(violation.kind, FailureKind::ConstraintViolation);
    assert_eq!(targets(&r), ["aten.view.default"]);
    assert_eq!(
        issues(&r),
        [("GUARD_ADDED", Some(5))],
        "the specialization's guard"
    );
    // Without draft semantics the violation stands.
    let plain = trace(src, false, None);
    assert!(
        matches!(&plain.outcome, TraceOutcome::Failed(f) if f.kind == FailureKind::ConstraintViolation)
    );
    assert!(plain.retraced_after.is_none());
}
