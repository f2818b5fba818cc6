//! Which guards on a named `Dim` torch's `produce_guards` reports as
//! constraint violations: any guard whose only free symbol is that dim and
//! that its range alone does not settle (`Ne(Mod(s, 2), 0)`,
//! `Ne((s//2), 1)`), with no suggested fix; `Dim.AUTO` dims export with
//! the same guards. Each expectation was read off `torch.export.export` on
//! the same model, in both modes.

use crate::common;

use tracer::{FailureKind, Mode, TraceOutcome};

fn model(forward: &str, shape: &str, spec: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def forward(self, x):
{forward}

model = Model()
example_args = (torch.randn({shape}),)
batch = Dim('batch')
length = Dim('length')
dynamic_shapes = ({spec},)
"
    )
}

fn outcome(src: &str, mode: Mode) -> TraceOutcome {
    common::trace_first_entry(src, mode).outcome
}

fn violation(src: &str, mode: Mode) -> tracer::Failure {
    match outcome(src, mode) {
        TraceOutcome::Failed(f) => {
            assert_eq!(f.kind, FailureKind::ConstraintViolation, "{}", f.message);
            *f
        }
        TraceOutcome::Exported(_) => panic!("expected a constraint violation"),
    }
}

const PARITY: &str = "        if x.shape[0] % 2 == 0:
            return x + 1
        return x - 1";

const HALF: &str = "        if x.shape[0] // 2 == 1:
            return x + 1
        return x - 1";

#[test]
fn a_guard_on_the_parity_of_a_named_dim_violates_it_without_a_fix() {
    let src = model(PARITY, "5, 6", "{0: batch}");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = violation(&src, mode);
        assert!(
            f.message
                .contains("Not all values of batch = x.size()[0] in the specified range satisfy the generated guard Ne(Mod(x.size()[0], 2), 0)."),
            "{}",
            f.message
        );
        assert!(f.suggested_fixes.is_empty(), "{:?}", f.suggested_fixes);
        assert_eq!(f.line, None);
    }
}

#[test]
fn a_guard_on_a_floor_division_of_a_named_dim_violates_it_without_a_fix() {
    let src = model(HALF, "6, 4", "{0: batch}");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = violation(&src, mode);
        assert!(
            f.message
                .contains("satisfy the generated guard Ne((x.size()[0]//2), 1)."),
            "{}",
            f.message
        );
        assert!(f.suggested_fixes.is_empty(), "{:?}", f.suggested_fixes);
    }
}

#[test]
fn the_same_guards_on_an_auto_dim_export() {
    for forward in [PARITY, HALF] {
        let src = model(forward, "6, 4", "{0: Dim.AUTO}");
        for mode in [Mode::Strict, Mode::NonStrict] {
            assert!(
                matches!(outcome(&src, mode), TraceOutcome::Exported(_)),
                "{forward}"
            );
        }
    }
}

#[test]
fn a_derived_fix_of_an_unbounded_dim_says_max_oo() {
    // torch prints the root's unbounded maximum as `oo`.
    let src = model(
        "        return x.reshape(x.shape[0], -1, 2) * 2",
        "4, 6",
        "{1: length}",
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = violation(&src, mode);
        assert_eq!(
            f.suggested_fixes,
            vec![
                "_length = Dim('_length', min=1, max=oo)".to_string(),
                "length = 2*_length".to_string()
            ]
        );
    }
}

/// Both modes fail with `batch` specialized to `value` and its fix.
fn assert_specializes(src: &str, said: &str, value: i64) {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let f = violation(src, mode);
        assert!(f.message.contains(said), "{mode:?}: {}", f.message);
        assert_eq!(f.suggested_fixes, [format!("batch = {value}")], "{mode:?}");
    }
}

#[test]
fn a_bound_that_leaves_one_size_specializes_a_named_dim_whatever_its_declared_min() {
    // `Dim('batch')` declares [0, oo), but a size is decided over [2, oo):
    // `x.shape[0] >= 3` failing at 2 leaves 2 alone, and torch pins it.
    let forward = "        if x.shape[0] >= 3:
            return x + 1
        return x - 1";
    assert_specializes(
        &model(forward, "2, 6", "{0: batch}"),
        "You marked batch as dynamic but your code specialized it to be a constant (2).",
        2,
    );
}

#[test]
fn an_equality_on_a_floor_division_specializes_a_named_dim_to_its_example() {
    // torch's solver reads `(s // 2) == 1` at s = 3 as `(s - 1)/2 == 1`.
    assert_specializes(
        &model(HALF, "3, 6", "{0: batch}"),
        "specialized value of 3",
        3,
    );
}
