//! "Analysis incomplete" is not an export verdict: what the tracer cannot
//! follow yields unknown values that ops propagate, a program whose
//! `forward` used one is reported incomplete at that use, and failures
//! found on followed code stand.

use tracer::{FailureKind, Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

fn outcome(src: &str, mode: Mode) -> TraceOutcome {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome
}

fn failure(src: &str, mode: Mode) -> tracer::Failure {
    match outcome(src, mode) {
        TraceOutcome::Failed(f) => *f,
        TraceOutcome::Exported(_) => panic!("expected a failure or incomplete verdict"),
    }
}

const UNKNOWN_IN_FORWARD: &str = "\
import torch
import somelib

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 4)
    def forward(self, x):
        y = somelib.magic(x)
        return self.l(y) + 1

model = M()
example_args = (torch.randn(2, 4),)
";

#[test]
fn a_forward_using_an_unknown_value_is_incomplete_at_that_use() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure(UNKNOWN_IN_FORWARD, mode);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
        assert!(!f.is_verdict());
        assert_eq!(f.line, Some(9), "{}", f.message);
        assert!(
            f.message.starts_with("analysis incomplete"),
            "{}",
            f.message
        );
        assert!(!f.message.contains("TypeError"), "{}", f.message);
        assert_eq!(f.code(), "analysis-incomplete");
    }
}

#[test]
fn a_model_from_an_unknown_library_is_incomplete_not_a_type_error() {
    let src = "\
import torch
import torchvision_missing as tv
model = tv.models.resnet18(num_classes=10).eval()
example_args = (torch.randn(1, 3, 64, 64),)
";
    let f = failure(src, Mode::NonStrict);
    assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
    assert_eq!(f.line, Some(3));
    assert!(
        f.message.contains("model could not be built"),
        "{}",
        f.message
    );
}

#[test]
fn a_failure_on_followed_code_stands_despite_unknown_values() {
    // The output class is rejected whatever the unknown tensor holds.
    let src = "\
import torch
import somelib
from dataclasses import dataclass

@dataclass
class Out:
    y: torch.Tensor

class M(torch.nn.Module):
    def forward(self, x):
        return Out(y=somelib.f(x) + 1)

model = M()
example_args = (torch.randn(2, 4),)
";
    let f = failure(src, Mode::NonStrict);
    assert_eq!(f.kind, FailureKind::Other, "{}", f.message);
    assert!(f.is_verdict());
}

#[test]
fn followed_code_still_exports() {
    let src = UNKNOWN_IN_FORWARD
        .replace("import somelib\n", "")
        .replace("somelib.magic(x)", "x * 2");
    assert!(matches!(
        outcome(&src, Mode::NonStrict),
        TraceOutcome::Exported(_)
    ));
}

#[test]
fn unknown_values_unpack_and_compare_as_unknown() {
    // Unpacking an unknown gives unknowns; comparing one is unknown, so an
    // assert on it does not fail; the model built after it still exports.
    let src = "\
import torch
import somelib

a, b, *rest = somelib.config()
assert len(somelib.sizes) == 3
source, sep, name = 'hub:resnet'.partition(':')
assert (source, sep, name) == ('hub', ':', 'resnet')
assert 'a.b.c'.rsplit('.') == ['a', 'b', 'c']

class M(torch.nn.Module):
    def forward(self, x):
        return x + 1

model = M()
example_args = (torch.randn(2),)
";
    assert!(matches!(
        outcome(src, Mode::NonStrict),
        TraceOutcome::Exported(_)
    ));
}

const CLASS_INTROSPECTION: &str = "\
import torch

class Backend:
    pass

class TorchBackend(Backend):
    pass

def find_backends():
    found = []
    todo = Backend.__subclasses__()
    while todo:
        found.append(todo.pop())
    return found

assert TorchBackend.__bases__ == (Backend,) and TorchBackend.__mro__[1] is Backend

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backends = find_backends()
    def forward(self, x):
        return x + 1

model = M()
example_args = (torch.randn(2, 4),)
";

#[test]
fn class_introspection_the_tracer_does_not_keep_is_incomplete_not_an_error() {
    // The live subclass list is kept: the walk is followed and exports.
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert!(
            matches!(
                outcome(CLASS_INTROSPECTION, mode),
                TraceOutcome::Exported(_)
            ),
            "{mode:?}"
        );
    }
    // Its annotations are not (none were written): a loop on them is incomplete.
    let src = CLASS_INTROSPECTION.replace("Backend.__subclasses__()", "Backend.__annotations__");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure(&src, mode);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
        assert!(f.message.contains("`while` condition"), "{}", f.message);
        assert!(f.message.contains("__annotations__"), "{}", f.message);
    }
}

#[test]
fn an_error_in_a_model_built_on_an_assumed_empty_iterable_is_incomplete() {
    // The layers come from an unknown library's schedule: taken as none,
    // the model's widths no longer match, which says nothing about torch.
    let src = "\
import torch
import somelib

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList()
        for w in somelib.widths():
            self.layers.append(torch.nn.Linear(4, 8))
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)

model = M()
example_args = (torch.randn(2, 4),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure(src, mode);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
        assert!(
            f.message
                .contains("assumed an iterable it could not follow is empty"),
            "{}",
            f.message
        );
    }
}

#[test]
fn an_error_after_a_branch_on_an_unknown_value_is_incomplete() {
    // `somelib.compact()` decides the width; taken as true, the widths
    // contradict, which says nothing about torch.
    let src = "\
import torch
import somelib

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        width = 3 if somelib.compact() else 4
        self.a = torch.nn.Linear(4, width)
        self.b = torch.nn.Linear(4, 2)
    def forward(self, x):
        return self.b(self.a(x))

model = M()
example_args = (torch.randn(2, 4),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure(src, mode);
        assert_eq!(f.kind, FailureKind::Incomplete, "{}", f.message);
        assert!(
            f.message
                .contains("assumed a condition it could not follow is true"),
            "{}",
            f.message
        );
    }
}

#[test]
fn an_exception_raised_after_a_branch_on_an_unknown_value_is_incomplete_in_strict_mode_too() {
    // Dynamo observes the raise (GB0088), but the branch that led to it was
    // the tracer's guess.
    let src = "\
import torch
import somelib

def prepare(t):
    if isinstance(t, list):
        raise TypeError('cannot be applied to an empty list')
    return t

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.table = [] if somelib.legacy() else torch.ones(3)
    def forward(self, x):
        return x + prepare(self.table)

model = M()
example_args = (torch.randn(2, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = failure(src, mode);
        assert_eq!(f.kind, FailureKind::Incomplete, "{mode:?}: {}", f.message);
    }
}

#[test]
fn channels_last_memory_formats_are_incomplete_at_their_call() {
    for (line, call) in [
        (5, "x.contiguous(memory_format=torch.channels_last)"),
        (5, "x.to(memory_format=torch.channels_last)"),
        (5, "torch.clone(x, memory_format=torch.channels_last_3d)"),
    ] {
        let src = format!(
            "import torch

class M(torch.nn.Module):
    def forward(self, x):
        y = {call}
        return y + 1

model = M()
example_args = (torch.randn(2, 3, 4, 4),)
"
        );
        for mode in [Mode::Strict, Mode::NonStrict] {
            let f = failure(&src, mode);
            assert_eq!(f.kind, FailureKind::Incomplete, "{call}: {}", f.message);
            assert_eq!(f.line, Some(line), "{call}: {}", f.message);
            assert!(f.message.contains("torch.channels_last"), "{}", f.message);
        }
    }
}

#[test]
fn the_other_memory_formats_are_values_ops_take() {
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        y = x.clone(memory_format=torch.contiguous_format)
        z = x.to(torch.float64, memory_format=torch.preserve_format)
        return y + 1, z, repr(torch.channels_last)

model = M()
example_args = (torch.randn(2, 3, 4, 4),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert!(
            matches!(outcome(src, mode), TraceOutcome::Exported(_)),
            "memory formats other than channels-last export"
        );
    }
}
