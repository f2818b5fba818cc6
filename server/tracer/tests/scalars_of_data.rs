//! The Python numbers a tensor's data becomes (`interp/scalars.rs`), as
//! torch 2.15 treats them in each mode: `int`, `float`, `bool`, `round`,
//! `math.floor`/`ceil`/`trunc` of `.item()` and of tensors, in conditions,
//! loops and as operands. Each expectation was read off
//! `torch.export.export` on the same forward, in both modes.

use crate::common;

use tracer::graph::MetaVal;
use tracer::{FailureKind, Mode, TraceOutcome};

fn model(body: &str) -> String {
    format!(
        "import math\nimport torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{body}\n\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n"
    )
}

/// The failure's kind and line, or `None` when the model exports.
fn failure(body: &str, mode: Mode) -> Option<(FailureKind, Option<u32>)> {
    match common::trace_first_entry(&model(body), mode).outcome {
        TraceOutcome::Exported(_) => None,
        TraceOutcome::Failed(f) => Some((f.kind, f.line)),
    }
}

/// (target, value) of the program's nodes, sym values as torch prints them.
fn nodes(body: &str, mode: Mode) -> Vec<(String, String)> {
    let p = common::exported_program(&model(body), mode);
    p.graph
        .nodes
        .iter()
        .filter_map(|n| {
            let val = match &n.val {
                MetaVal::Sym(e) => p.env.render(e),
                _ => String::new(),
            };
            Some((n.target()?.to_string(), val))
        })
        .collect()
}

const DATA: Option<(FailureKind, Option<u32>)> = Some((FailureKind::DataDependent, Some(7)));

#[test]
fn a_branch_on_int_of_a_tensor_is_data_dependent_in_both_modes() {
    // Line 7 is the first line of the forward's body.
    let body = "        if int(x.sum()) > 0:\n            return x + 1\n        return x - 1";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(failure(body, mode), DATA, "{mode:?}");
    }
}

#[test]
fn a_loop_count_read_from_data_is_data_dependent_in_both_modes() {
    for body in [
        "        for _ in range(int(x.sum().item())):\n            x = x + 1\n        return x",
        "        for _ in range(math.floor(x.mean().item())):\n            x = x + 1\n        return x",
        "        for _ in range(round(x.sum().item())):\n            x = x + 1\n        return x",
    ] {
        for mode in [Mode::Strict, Mode::NonStrict] {
            assert_eq!(failure(body, mode), DATA, "{mode:?}: {body}");
        }
    }
}

#[test]
fn strict_keeps_int_of_data_symbolic_until_a_decision_needs_it() {
    // torch: strict fails at `range(n)` (line 8), non-strict at `int()`.
    let body = "        n = int(x.sum().item())\n        for _ in range(n):\n            x = x + 1\n        return x";
    assert_eq!(
        failure(body, Mode::Strict),
        Some((FailureKind::DataDependent, Some(8)))
    );
    assert_eq!(failure(body, Mode::NonStrict), DATA);
}

#[test]
fn int_of_data_as_an_operand_records_math_trunc_in_strict_mode() {
    let body = "        return x + int(x.sum().item())";
    let strict = nodes(body, Mode::Strict);
    assert!(
        strict.contains(&("math.trunc".into(), "TruncToInt(zuf0)".into())),
        "{strict:?}"
    );
    // `SymFloat.__int__` specializes in non-strict export.
    assert_eq!(failure(body, Mode::NonStrict), DATA);
}

#[test]
fn floor_ceil_and_round_of_data_record_their_calls_in_both_modes() {
    let body = "        f = x.sum().item()\n        return x + math.floor(f), x - math.ceil(f), x + round(f), x + round(f, 2)";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let n = nodes(body, mode);
        for (target, val) in [
            ("math.floor", "FloorToInt(zuf0)"),
            ("math.ceil", "CeilToInt(zuf0)"),
            ("builtins.round", "RoundToInt(zuf0)"),
            ("builtins.round", "RoundDecimal(zuf0, 2)"),
        ] {
            assert!(
                n.contains(&(target.into(), val.into())),
                "{mode:?}: {target} {val} in {n:?}"
            );
        }
    }
}

#[test]
fn float_of_an_integer_read_from_data_is_sym_float_in_strict_mode() {
    let body = "        n = float(x.long().sum().item())\n        return x * n";
    let strict = common::exported_program(&model(body), Mode::Strict);
    assert!(
        strict
            .graph
            .nodes
            .iter()
            .any(|n| n.target() == Some("torch.sym_float")),
        "strict records torch.sym_float"
    );
    assert_eq!(failure(body, Mode::NonStrict), DATA);
}

#[test]
fn the_truth_of_a_float_read_from_data_is_data_dependent() {
    for body in [
        "        if x.sum().item():\n            return x + 1\n        return x - 1",
        "        if bool(x.sum().item()):\n            return x + 1\n        return x - 1",
        "        if float(x.sum()) > 0:\n            return x + 1\n        return x - 1",
    ] {
        for mode in [Mode::Strict, Mode::NonStrict] {
            assert_eq!(failure(body, mode), DATA, "{mode:?}: {body}");
        }
    }
}

#[test]
fn a_float_read_from_data_as_an_operand_exports_in_both_modes() {
    let body = "        return x * x.sum().item()";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(failure(body, mode), None, "{mode:?}");
    }
}

#[test]
fn known_values_convert_as_cpython_converts_them() {
    common::exports(
        "\
import math
import torch
assert int(torch.tensor(2.7)) == 2
assert int(torch.tensor(-2.7)) == -2
assert math.floor(-2.5) == -3 and math.ceil(2.1) == 3 and math.trunc(-2.9) == -2
assert round(2.5) == 2 and round(3.5) == 4
assert int(torch.tensor([[3]])) == 3
try:
    int(float('nan'))
    _nan = 'no error'
except ValueError:
    _nan = 'ValueError'
assert _nan == 'ValueError'
",
    );
}

#[test]
fn a_dynamic_size_to_a_float_power_is_a_symbolic_float() {
    // An attention scale from a dynamic size (`q.shape[-1] ** -0.5`):
    // torch 2.15 makes the size a float once and records the power, in
    // both modes.
    let src = "import torch\nfrom torch.export import Dim\n\
class M(torch.nn.Module):\n    def forward(self, x):\n        \
return x * x.shape[-1] ** -0.5, x + x.shape[-1] ** 0.5\n\n\
model = M()\nexample_args = (torch.randn(2, 8),)\n\
dynamic_shapes = {'x': {1: Dim.AUTO}}\n";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = common::exported_program(src, mode);
        let targets: Vec<&str> = p.graph.nodes.iter().filter_map(|n| n.target()).collect();
        let count = |t: &str| targets.iter().filter(|x| **x == t).count();
        assert_eq!(count("torch.sym_float"), 1, "{mode:?}: {targets:?}");
        assert_eq!(count("_operator.pow"), 2, "{mode:?}: {targets:?}");
        let powers: Vec<String> = p
            .graph
            .nodes
            .iter()
            .filter(|n| n.target() == Some("_operator.pow"))
            .map(|n| match &n.val {
                MetaVal::SymFloat(f) => f.render(&|e| format!("{e:?}")),
                other => format!("{other:?}"),
            })
            .collect();
        assert!(
            powers[0].starts_with("FloatPow(ToFloat(") && powers[0].ends_with(", -0.5)"),
            "{powers:?}"
        );
    }
}
