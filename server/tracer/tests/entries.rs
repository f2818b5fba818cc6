//! Export entry points wherever users write them: in a `main()` run under
//! `if __name__ == "__main__":`, in test functions and `unittest` methods
//! nothing at module level calls, nested in expressions, several in one
//! function; the arguments are those the function's locals hold when the
//! interpreter reaches the call.

use tracer::entry::{CallScope, EntryKind};
use tracer::{
    Budget, FailureKind, Mode, SourceFile, TraceOutcome, TraceResult, find_entries, trace_entry,
};

fn trace_all(src: &str, mode: Mode) -> Vec<(tracer::EntryPoint, TraceResult)> {
    let file = SourceFile::parse("m.py", src);
    find_entries(&file)
        .into_iter()
        .map(|e| {
            let r = trace_entry(file.clone(), &e, mode, Budget::default());
            (e, r)
        })
        .collect()
}

fn only(src: &str, mode: Mode) -> (tracer::EntryPoint, TraceResult) {
    let mut all = trace_all(src, mode);
    assert_eq!(all.len(), 1, "one entry");
    all.remove(0)
}

fn exported(r: &TraceResult) -> &tracer::entry::TracedProgram {
    match &r.outcome {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => panic!("expected an export, got: {} ({:?})", f.message, f.line),
    }
}

fn failed(r: &TraceResult) -> &tracer::Failure {
    match &r.outcome {
        TraceOutcome::Failed(f) => f,
        TraceOutcome::Exported(_) => panic!("expected a failure"),
    }
}

/// The user inputs' shapes, as the graph's placeholders hold them.
fn input_shapes(p: &tracer::entry::TracedProgram) -> Vec<String> {
    p.inputs
        .iter()
        .map(|id| p.graph.node(*id))
        .filter(|n| {
            matches!(
                n.op,
                tracer::graph::NodeOp::Placeholder(tracer::graph::InputKind::User(_))
            )
        })
        .map(|n| match &n.val {
            tracer::graph::MetaVal::Tensor { shape, .. } => format!(
                "{:?}",
                shape
                    .iter()
                    .map(|d| p.env.render(d))
                    .collect::<Vec<String>>()
            ),
            other => format!("{other:?}"),
        })
        .collect()
}

/// The name of the program's first size symbol (`s` + a hash of its source).
fn first_symbol(p: &tracer::entry::TracedProgram) -> String {
    let name = p.range_constraints.first().expect("a symbol").0.clone();
    assert!(name.starts_with('s'), "{name}");
    name
}

const NET: &str = "\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3 * 8 * 8, 10)

    def forward(self, x):
        x = x.view(4, -1)
        return self.fc(x)
";

#[test]
fn export_in_main_called_under_the_main_guard_uses_its_locals() {
    let src = format!(
        "{NET}

def main():
    model = Net().eval()
    x = torch.randn(4, 3, 8, 8)
    batch = torch.export.Dim(\"batch\")
    ep = torch.export.export(model, (x,), dynamic_shapes={{\"x\": {{0: batch}}}})
    print(ep)


if __name__ == \"__main__\":
    main()
"
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        let (e, r) = only(&src, mode);
        assert_eq!(e.line, 19, "the entry is the export call");
        assert!(
            matches!(&e.kind, EntryKind::ExportCall { scope: CallScope::Function(d), .. } if d.name == "main")
        );
        let f = failed(&r);
        assert_eq!(f.kind, FailureKind::ConstraintViolation, "{}", f.message);
        assert!(
            f.message.contains(
                "You marked batch as dynamic but your code specialized it to be a constant (4)"
            ),
            "{}",
            f.message
        );
        assert_eq!(f.suggested_fixes, vec!["batch = 4".to_string()]);
        // Where torch points: the line in forward that specialized it.
        assert_eq!(f.line, Some(11), "{}", f.message);
        assert_eq!(f.path, None);
    }
}

#[test]
fn the_arguments_are_the_values_at_the_call_not_at_the_end_of_main() {
    // `x` is rebound after the export call: the call sees the first value.
    let src = format!(
        "{NET}

def main():
    x = torch.randn(4, 3, 8, 8)
    ep = torch.export.export(Net(), (x,))
    x = torch.randn(5, 7)
    return ep

main()
"
    );
    let (_, r) = only(&src, Mode::NonStrict);
    let p = exported(&r);
    assert_eq!(input_shapes(p), vec!["[\"4\", \"3\", \"8\", \"8\"]"]);
}

#[test]
fn a_pytest_function_nothing_calls_exports_fine() {
    let src = "\
import torch
from torch.export import export, Dim


class M(torch.nn.Module):
    def forward(self, x):
        return x.relu() + 1


def test_export():
    m = M()
    for _ in range(2):
        if True:
            with torch.no_grad():
                try:
                    ep = export(m, (torch.randn(3, 4),), dynamic_shapes=({0: Dim(\"b\")},))
                finally:
                    pass
    assert ep is not None
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let (e, r) = only(src, mode);
        assert_eq!(e.line, 16);
        let p = exported(&r);
        assert_eq!(
            input_shapes(p),
            vec![format!("[\"{}\", \"4\"]", first_symbol(p))]
        );
    }
}

#[test]
fn a_unittest_method_builds_its_model_and_exports() {
    let src = "\
import unittest
import torch


class Block(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = torch.nn.Linear(n, n)

    def forward(self, x):
        return self.lin(x).sum(dim=0)


class TestExport(unittest.TestCase):
    def test_block(self, n=6):
        model = Block(n)
        ep = torch.export.export(model, (torch.randn(2, n),), strict=True)
        self.assertIsNotNone(ep)


if __name__ == \"__main__\":
    unittest.main()
";
    let (e, r) = only(src, Mode::Strict);
    assert!(matches!(
        &e.kind,
        EntryKind::ExportCall { scope: CallScope::Method { class, .. }, strict: Some(true), .. } if class == "TestExport"
    ));
    let p = exported(&r);
    assert_eq!(input_shapes(p), vec!["[\"2\", \"6\"]"]);
}

#[test]
fn a_parameter_without_default_as_the_input_is_incomplete_not_an_error() {
    let src = "\
import torch


class M(torch.nn.Module):
    def forward(self, x):
        return x * 2


def export_model(x):
    return torch.export.export(M(), (x,))
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let (_, r) = only(src, mode);
        let f = failed(&r);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
        assert!(!f.is_verdict());
        assert!(
            f.message.starts_with("analysis incomplete"),
            "{}",
            f.message
        );
        assert!(f.message.contains("parameter `x`"), "{}", f.message);
    }
}

#[test]
fn a_model_parameter_without_default_is_incomplete() {
    let src = "\
import torch


def export_model(model, n=3):
    return torch.export.export(model, (torch.randn(n, 4),), dynamic_shapes={\"x\": {0: torch.export.Dim(\"b\")}})
";
    let (_, r) = only(src, Mode::NonStrict);
    let f = failed(&r);
    assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
    assert!(
        f.message.contains("model could not be built"),
        "{}",
        f.message
    );
}

#[test]
fn two_export_calls_in_one_function_are_two_entries() {
    let src = "\
import torch


class Flat(torch.nn.Module):
    def forward(self, x):
        return x.reshape(-1)


def main():
    x = torch.randn(4, 5)
    ep1 = torch.export.export(Flat(), (x,))
    b = torch.export.Dim(\"b\")
    ep2 = torch.export.export(Flat(), (torch.randn(6, 5),), dynamic_shapes={\"x\": {0: b}})
    return ep1, ep2


if __name__ == \"__main__\":
    main()
";
    let all = trace_all(src, Mode::NonStrict);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].0.line, 11);
    assert_eq!(all[1].0.line, 13);
    assert_eq!(input_shapes(exported(&all[0].1)), vec!["[\"4\", \"5\"]"]);
    let p = exported(&all[1].1);
    assert_eq!(
        input_shapes(p),
        vec![format!("[\"{}\", \"5\"]", first_symbol(p))]
    );
}

#[test]
fn export_calls_nested_in_expressions_are_entries() {
    let src = "\
import torch
import torch.export as te


class M(torch.nn.Module):
    def forward(self, x):
        return x + 1


if __name__ == \"__main__\":
    print(torch.export.export(M(), (torch.randn(2, 3),)))
    ep = te.export(M(), (torch.randn(4, 3),)).run_decompositions()
    eps = [torch.export.export(M(), (torch.randn(n, 3),)) for n in (5, 6)]
";
    let all = trace_all(src, Mode::NonStrict);
    let lines: Vec<u32> = all.iter().map(|(e, _)| e.line).collect();
    assert_eq!(lines, vec![11, 12, 13]);
    assert!(all[0].0.name.starts_with("torch.export.export(M()"));
    assert_eq!(input_shapes(exported(&all[0].1)), vec!["[\"2\", \"3\"]"]);
    assert_eq!(input_shapes(exported(&all[1].1)), vec!["[\"4\", \"3\"]"]);
    // A comprehension: the first iteration's values.
    assert_eq!(input_shapes(exported(&all[2].1)), vec!["[\"5\", \"3\"]"]);
}

#[test]
fn a_function_failing_before_the_call_is_incomplete_at_the_failing_line() {
    let src = "\
import torch


class M(torch.nn.Module):
    def forward(self, x):
        return x + 1


def main():
    x = torch.randn(2, 3)
    cfg = {\"a\": 1}
    n = cfg[\"b\"]
    torch.export.export(M(), (x,))


main()
";
    let (_, r) = only(src, Mode::NonStrict);
    let f = failed(&r);
    assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
    assert_eq!(f.line, Some(12), "{}", f.message);
    assert!(f.message.contains("KeyError"), "{}", f.message);
    assert!(f.message.contains("`main` fails before"), "{}", f.message);
}

#[test]
fn nested_functions_and_recursion_do_not_hang_or_panic() {
    let src = "\
import torch


class M(torch.nn.Module):
    def forward(self, x):
        return x + 1


def outer():
    def inner():
        return torch.export.export(M(), (torch.randn(2, 3),))
    return 1


def again(n):
    again(n)
    torch.export.export(M(), (torch.randn(2, 3),))


def spin():
    while True:
        pass
    torch.export.export(M(), (torch.randn(2, 3),))
";
    let budget = Budget {
        steps: 200_000,
        ..Budget::default()
    };
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 3);
    for e in &entries {
        let r = trace_entry(file.clone(), e, Mode::NonStrict, budget);
        let f = failed(&r);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
    }
}

#[test]
fn a_nested_function_called_by_main_is_reached() {
    let src = "\
import torch


class M(torch.nn.Module):
    def forward(self, x):
        return x + 1


def main():
    def run(n):
        return torch.export.export(M(), (torch.randn(n, 3),))
    return run(7)


main()
";
    let (e, r) = only(src, Mode::NonStrict);
    assert!(matches!(
        &e.kind,
        EntryKind::ExportCall {
            scope: CallScope::Nested(_),
            ..
        }
    ));
    assert_eq!(input_shapes(exported(&r)), vec!["[\"7\", \"3\"]"]);
}
