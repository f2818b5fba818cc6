//! Evidence before "fails" (`tracer::evidence`): an exception that escapes
//! `forward` is an export failure only when the model's code raised it (a
//! `raise`, a failed `assert`) or a modelled torch check did (an op's shape
//! rule); when the tracer's own model of Python or torch raised it, the
//! verdict is "analysis incomplete", in both modes.

use tracer::{FailureKind, Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

fn failure(forward_body: &str, mode: Mode) -> tracer::Failure {
    let src = format!(
        "\
import torch

class M(torch.nn.Module):
    def forward(self, x):
{forward_body}
        return x + 1

model = M()
example_args = (torch.randn(4, 3),)
"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    match trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome {
        TraceOutcome::Failed(f) => *f,
        TraceOutcome::Exported(_) => {
            panic!("expected a failure or incomplete for {forward_body:?}")
        }
    }
}

#[test]
fn a_raise_statement_fails_and_strict_mode_observes_it() {
    let body = "        raise ValueError('bad input')";
    let strict = failure(body, Mode::Strict);
    assert_eq!(strict.kind, FailureKind::GraphBreak, "{}", strict.message);
    assert_eq!(strict.gb_code, Some("GB0088"));
    let nonstrict = failure(body, Mode::NonStrict);
    assert_eq!(nonstrict.kind, FailureKind::Other, "{}", nonstrict.message);
    assert_eq!(nonstrict.message, "ValueError: bad input");
    assert_eq!(nonstrict.line, Some(5));
}

#[test]
fn a_failed_assert_fails_in_both_modes() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure("        assert x.dim() == 3, 'want 3-d'", mode);
        assert_eq!(f.kind, FailureKind::Other, "{mode:?}: {}", f.message);
        assert!(f.message.starts_with("AssertionError"), "{}", f.message);
    }
}

#[test]
fn a_modelled_shape_rule_fails_in_both_modes() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure("        y = x @ x", mode);
        assert_eq!(f.kind, FailureKind::Other, "{mode:?}: {}", f.message);
        assert!(f.message.starts_with("RuntimeError"), "{}", f.message);
        assert_eq!(f.line, Some(5));
    }
}

#[test]
fn the_tracers_model_of_python_raising_is_incomplete() {
    // Each line raises inside the tracer's own model of Python or torch
    // (an argument form an op model rejects, a name or method it lacks):
    // whatever torch does, the tracer has no evidence that it fails.
    for body in [
        "        y = x.sum(nonexistent_keyword=1)",
        "        y = memoryview(b'ab')",
        "        y = (1, 2).not_a_tuple_method()",
    ] {
        for mode in [Mode::Strict, Mode::NonStrict] {
            let f = failure(body, mode);
            assert_eq!(
                f.kind,
                FailureKind::Incomplete,
                "{body:?} {mode:?}: {}",
                f.message
            );
            assert!(!f.is_verdict());
            assert!(
                f.message.starts_with("analysis incomplete"),
                "{}",
                f.message
            );
            assert_eq!(f.line, Some(5), "{body:?}: {}", f.message);
        }
    }
}

#[test]
fn pythons_name_rules_on_the_entry_files_own_code_fail() {
    // A global nothing defines (not a builtin), a local read after `del`,
    // an attribute the entry file's own class lacks: the code shows them.
    for body in [
        "        y = undefined_helper(x)",
        "        y = x\n        del y\n        x = y",
        "        x = x + self.missing_attribute",
    ] {
        let f = failure(body, Mode::NonStrict);
        assert_eq!(f.kind, FailureKind::Other, "{body:?}: {}", f.message);
        assert!(f.is_verdict());
    }
}

#[test]
fn a_decorated_function_whose_arguments_do_not_bind_is_incomplete() {
    // A plain function called wrongly is Python's TypeError (see
    // dynamo_breaks.rs); through a decorator the tracer may have modelled
    // wrongly (a cache wrapper on a method), the same error is no evidence.
    let src = "\
import torch
import functools

def cache(fn):
    return fn

class M(torch.nn.Module):
    @cache
    def index(self, size):
        return torch.arange(size)
    def forward(self, x):
        return x + self.index(self, 3).sum()

model = M()
example_args = (torch.randn(4, 3),)
";
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    for mode in [Mode::Strict, Mode::NonStrict] {
        match trace_entry(file.clone(), &entries[0], mode, tracer::Budget::default()).outcome {
            TraceOutcome::Failed(f) => {
                assert_eq!(f.kind, FailureKind::Incomplete, "{mode:?}: {}", f.message);
                assert!(f.message.contains("decorated function"), "{}", f.message);
                assert_eq!(f.line, Some(12), "{}", f.message);
            }
            TraceOutcome::Exported(_) => panic!("expected incomplete"),
        }
    }
}

#[test]
fn an_exception_the_model_catches_is_traced_through() {
    let body = "        try:\n            y = undefined_helper(x)\n        except NameError:\n            x = x * 2";
    let src = format!(
        "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{body}\n        return x + 1\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace_entry(file.clone(), &entries[0], mode, tracer::Budget::default());
        assert!(
            matches!(r.outcome, TraceOutcome::Exported(_)),
            "{mode:?}: a caught exception must not stop the trace"
        );
    }
}

#[test]
fn a_global_whose_top_level_assignment_the_tracer_could_not_follow_is_incomplete() {
    // `table = ...` failed in the tracer's model (an API it lacks), so the
    // name is unbound when `forward` reads it: no evidence torch fails.
    let src = "\
import torch
import some_unresolvable_library

table = some_unresolvable_library.build_table()[0]

class M(torch.nn.Module):
    def forward(self, x):
        return x + table

model = M()
example_args = (torch.randn(4, 3),)
";
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    for mode in [Mode::NonStrict, Mode::Strict] {
        match trace_entry(file.clone(), &entries[0], mode, tracer::Budget::default()).outcome {
            TraceOutcome::Failed(f) => assert!(!f.is_verdict(), "{mode:?}: {}", f.message),
            TraceOutcome::Exported(_) => {}
        }
    }
}
