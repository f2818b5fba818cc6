//! `eval`/`exec` of strings (`interp/eval.rs`) and the built-in types'
//! alternate constructors (`interp/constructors.rs`), as CPython runs them;
//! in `forward`, as torch 2.15 exports them (non-strict runs them, strict
//! folds only `eval` of a literal and breaks on the rest, GB0059).

use crate::common;

use tracer::{FailureKind, Mode, TraceOutcome};

fn model(body: &str) -> String {
    format!(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{body}\n\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n"
    )
}

#[test]
fn module_code_evaluates_and_executes_strings() {
    common::exports(
        "\
assert eval('1 + 2') == 3
assert eval('  [n * 2 for n in range(3)]') == [0, 2, 4]
exec('Z = 7\\ndef twice(a):\\n    return 2 * a')
assert Z == 7 and twice(Z) == 14
ns = {'a': 2}
exec('b = a * 5', ns)
assert ns['b'] == 10
assert eval('a + b', ns) == 12
assert eval('a', {'a': 1}, {'a': 5}) == 5
try:
    eval('1 +')
    _err = None
except SyntaxError:
    _err = 'SyntaxError'
assert _err == 'SyntaxError'
",
    );
}

#[test]
fn exec_in_a_function_writes_a_snapshot_of_its_locals() {
    common::exports(
        "\
def f(x):
    exec('x = x + 1\\ny = 5')
    return x
assert f(1) == 1
",
    );
}

#[test]
fn eval_in_forward_runs_in_non_strict_and_breaks_in_strict() {
    let src =
        model("        exec('pass')\n        y = eval('x * 2')\n        return y + eval('3')");
    let p = common::exported_program(&src, Mode::NonStrict);
    // The eval'd op is attributed to the line that called eval.
    let mul = p
        .graph
        .nodes
        .iter()
        .position(|n| n.target() == Some("aten.mul.Tensor"))
        .expect("a mul node");
    assert_eq!(p.graph.nodes[mul].line, Some(7));
    match common::trace_first_entry(&src, Mode::Strict).outcome {
        TraceOutcome::Failed(f) => {
            assert_eq!(
                (f.kind, f.gb_code, f.line),
                (FailureKind::GraphBreak, Some("GB0059"), Some(6))
            );
        }
        TraceOutcome::Exported(_) => panic!("Dynamo fails to trace exec"),
    }
}

#[test]
fn strict_export_folds_eval_of_a_literal() {
    let src = model("        return x + eval('2 * 3 + 1') + eval('(1, 2)')[1]");
    for mode in [Mode::Strict, Mode::NonStrict] {
        common::exported_program(&src, mode);
    }
}

#[test]
fn an_unknown_source_is_incomplete_not_an_error() {
    let src = format!(
        "import not_a_known_package\n{}",
        model("        return eval(not_a_known_package.SOURCE)")
    );
    match common::trace_first_entry(&src, Mode::NonStrict).outcome {
        TraceOutcome::Failed(f) => assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message),
        TraceOutcome::Exported(_) => panic!("the source is not known"),
    }
}

#[test]
fn alternate_constructors_follow_cpython() {
    common::exports(
        "\
import collections
assert dict.fromkeys(['a', 'b'], 0) == {'a': 0, 'b': 0}
assert list(dict.fromkeys('abca')) == ['a', 'b', 'c']
assert collections.OrderedDict.fromkeys('ab')['b'] is None
assert int.from_bytes(b'\\x01\\x00', 'big') == 256
assert int.from_bytes(b'\\x01\\x00', byteorder='little') == 1
assert int.from_bytes(b'\\xff\\xfe', 'big', signed=True) == -2
assert int.from_bytes([1, 2]) == 258
assert float.fromhex('0x1p-2') == 0.25
assert float.fromhex('-0x1.8p1') == -3.0
assert bytes.fromhex('41 42') == b'AB'
a = bytearray(3)
a[1] = 200
a.append(7)
assert len(a) == 4 and a[1] == 200 and list(a) == [0, 200, 0, 7]
assert isinstance(a, bytearray) and bytearray(b'hi').decode() == 'hi'
assert bytearray.fromhex('0aff')[1] == 255
",
    );
}

#[test]
fn complex_numbers_are_not_modelled() {
    let src = model("        v = complex(1, 2)\n        return x + 1");
    match common::trace_first_entry(&src, Mode::NonStrict).outcome {
        TraceOutcome::Failed(f) => assert_eq!(f.kind, FailureKind::Incomplete),
        TraceOutcome::Exported(_) => panic!("complex() is not modelled: incomplete"),
    }
}
