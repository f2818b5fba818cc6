//! Ops whose output size is tensor data (`nonzero`, `masked_select`,
//! `bincount`), reading a scalar back (`item`, `is_nonzero`) and
//! `torch.scalar_tensor`, as torch 2.15's fake kernels model them: a fresh
//! unbacked length bounded by the input's element count where torch bounds
//! it, with the runtime assertions its range asks for. Each expectation
//! was read off `torch.export.export` on the same model, in both modes.

use crate::common;

use tracer::entry::TracedProgram;
use tracer::graph::MetaVal;
use tracer::{FailureKind, Mode, TraceOutcome};

fn model(forward: &str, example_args: &str, dynamic_shapes: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def forward(self, x):
        {forward}

model = Model()
example_args = {example_args}
dynamic_shapes = {dynamic_shapes}
"
    )
}

fn outcome(src: &str, mode: Mode) -> TraceOutcome {
    common::trace_first_entry(src, mode).outcome
}

fn exported(src: &str, mode: Mode) -> Box<TracedProgram> {
    match outcome(src, mode) {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => panic!("{mode:?}: {}", f.message),
    }
}

/// (target, value) of every node recorded, values as torch prints them.
fn nodes(p: &TracedProgram) -> Vec<(String, String)> {
    p.graph
        .nodes
        .iter()
        .filter_map(|n| {
            let target = n.target()?.to_string();
            let val = match &n.val {
                MetaVal::Tensor { dtype, shape } => format!(
                    "{dtype:?}[{}]",
                    shape
                        .iter()
                        .map(|d| p.env.render(d))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                MetaVal::Sym(e) => p.env.render(e),
                MetaVal::SymBool(b) => {
                    format!("{} {} {}", p.env.render(&b.lhs), b.op, p.env.render(&b.rhs))
                }
                other => format!("{other:?}"),
            };
            Some((target, val))
        })
        .collect()
}

fn has(p: &TracedProgram, target: &str, val: &str) -> bool {
    nodes(p).iter().any(|(t, v)| t == target && v == val)
}

fn both(src: &str, check: impl Fn(&TracedProgram)) {
    for mode in [Mode::Strict, Mode::NonStrict] {
        check(&exported(src, mode));
    }
}

#[test]
fn nonzero_is_bounded_by_the_largest_element_count_the_ranges_allow() {
    // torch: u0 in [0, 3500] (100 * 7 * 5), asserted at both ends.
    let src = model(
        "return torch.nonzero(x, as_tuple=False)",
        "(torch.randn(3, 4, 5),)",
        "({0: Dim('a', max=100), 1: Dim('b', max=7)},)",
    );
    both(&src, |p| {
        assert!(
            has(p, "aten.nonzero.default", "I64[u0, 3]"),
            "{:?}",
            nodes(p)
        );
        assert!(has(p, "aten.sym_size.int", "u0"));
        assert!(has(p, "_operator.ge", "u0 >= 0"));
        assert!(has(p, "_operator.le", "u0 <= 3500"), "{:?}", nodes(p));
    });
}

#[test]
fn nonzero_of_an_unbounded_count_asserts_no_upper_end() {
    // torch: u0 in [0, sys.maxsize - 1], and only `u0 >= 0` asserted.
    let src = model(
        "return x.nonzero()",
        "(torch.randn(3, 4),)",
        "({0: Dim.AUTO},)",
    );
    both(&src, |p| {
        assert!(has(p, "_operator.ge", "u0 >= 0"));
        assert!(
            !nodes(p).iter().any(|(t, _)| t == "_operator.le"),
            "{:?}",
            nodes(p)
        );
    });
}

#[test]
fn nonzero_as_tuple_gives_one_column_per_dim() {
    let src = model(
        "return torch.nonzero(x, as_tuple=True)",
        "(torch.randn(3, 4),)",
        "None",
    );
    both(&src, |p| {
        assert!(has(p, "aten.nonzero.default", "I64[u0, 2]"));
        assert_eq!(p.graph.outputs.len(), 2);
    });
}

#[test]
fn masked_select_has_a_data_dependent_length() {
    let src = model(
        "return torch.masked_select(x, x.ge(0.5))",
        "(torch.randn(3, 4, 5),)",
        "None",
    );
    both(&src, |p| {
        assert!(
            has(p, "aten.masked_select.default", "F32[u0]"),
            "{:?}",
            nodes(p)
        );
        assert!(has(p, "_operator.le", "u0 <= 60"));
    });
}

#[test]
fn bincount_counts_in_int64_and_sums_float32_weights() {
    let src = model(
        "return x.bincount(torch.linspace(0, 1, steps=5)), torch.bincount(x)",
        "(torch.randint(0, 8, (5,), dtype=torch.int64),)",
        "None",
    );
    both(&src, |p| {
        assert!(has(p, "aten.bincount.default", "F32[u0]"), "{:?}", nodes(p));
        assert!(has(p, "aten.bincount.default", "I64[u1]"), "{:?}", nodes(p));
        assert!(has(p, "_operator.ge", "u0 >= 0"));
        // No upper end: the length is the largest value, not a count.
        assert!(!nodes(p).iter().any(|(t, _)| t == "_operator.le"));
    });
}

#[test]
fn bincount_takes_a_data_dependent_minlength() {
    // torch: `torch._check(new_size >= minlength)` on the fresh length.
    let src = model(
        "u0, u1 = x.tolist()
        return torch.bincount(torch.ones(u0, dtype=torch.int64), minlength=u1)",
        "(torch.tensor([20, 10]),)",
        "None",
    );
    both(&src, |p| {
        assert!(has(p, "aten.bincount.default", "I64[u2]"), "{:?}", nodes(p));
        assert!(has(p, "_operator.ge", "u2 >= 0"), "{:?}", nodes(p));
    });
}

#[test]
fn scalar_tensor_is_a_zero_dim_tensor_of_its_dtype() {
    let src = model(
        "return x + torch.scalar_tensor(3)",
        "(torch.scalar_tensor(2, dtype=torch.int),)",
        "None",
    );
    both(&src, |p| {
        assert!(
            has(p, "aten.scalar_tensor.default", "F32[]"),
            "{:?}",
            nodes(p)
        );
        assert!(has(p, "aten.add.Tensor", "F32[]"), "{:?}", nodes(p));
    });
}

#[test]
fn is_nonzero_decides_on_tensor_data_in_both_modes() {
    let src = model("return torch.is_nonzero(x)", "(torch.tensor([1]),)", "None");
    for mode in [Mode::Strict, Mode::NonStrict] {
        match outcome(&src, mode) {
            TraceOutcome::Failed(f) => assert_eq!(f.kind, FailureKind::DataDependent, "{mode:?}"),
            TraceOutcome::Exported(_) => panic!("{mode:?}: expected a data-dependent failure"),
        }
    }
}

#[test]
fn a_float_read_from_data_is_returned_as_its_item_node() {
    let src = model(
        "return x.item()",
        "(torch.tensor([3.14], dtype=torch.float),)",
        "None",
    );
    both(&src, |p| {
        assert_eq!(p.graph.outputs.len(), 1);
        assert!(nodes(p).iter().any(|(t, _)| t == "aten.item.default"));
    });
}

#[test]
fn a_math_function_of_an_item_is_data_dependent_in_strict_mode() {
    // Dynamo runs `math.pow` on the fake value: `Min(10, u0)` must become
    // a Python number. Non-strict export keeps it symbolic.
    let src = "import math
import torch

class M(torch.nn.Module):
    def forward(self, x, y):
        p = min(x.item(), 10)
        return y * math.pow(p, 10)

model = M()
example_args = (torch.tensor(5), torch.randn(5))
";
    match outcome(src, Mode::Strict) {
        TraceOutcome::Failed(f) => {
            assert_eq!(f.kind, FailureKind::DataDependent, "{}", f.message);
            assert!(f.message.contains("Min(10, u0)"), "{}", f.message);
        }
        TraceOutcome::Exported(_) => panic!("strict export of math.pow(u0) succeeded"),
    }
    exported(src, Mode::NonStrict);
}

#[test]
fn max_of_a_tensor_and_a_dynamic_size_is_pythons_max_and_fails() {
    // Neither mode turns it into an op: strict runs Python's max on the
    // fake tensor, non-strict compares and asks the tensor for a bool.
    let src = model(
        "return max(x, x.shape[0])",
        "(torch.randn(4, 4),)",
        "{'x': {0: Dim.AUTO}}",
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        match outcome(&src, mode) {
            TraceOutcome::Failed(f) => {
                assert_eq!(f.kind, FailureKind::Other, "{mode:?}: {}", f.message);
                assert!(f.message.contains("RuntimeError"), "{}", f.message);
            }
            TraceOutcome::Exported(_) => panic!("{mode:?}: max(tensor, size) exported"),
        }
    }
    // Against a tensor, or a Python int, it stays an op.
    let src = model(
        "return max(x, x) + max(x, 5)",
        "(torch.randn(4, 4),)",
        "{'x': {0: Dim.AUTO}}",
    );
    both(&src, |_| {});
}
