//! What torch 2.15's `make_constraints` checks after tracing for dims given
//! a hint (`Dim.DYNAMIC`, `Dim.AUTO`, `Dim.STATIC`, with bounds): a
//! `Dim.DYNAMIC` dim tracing made static (an example size of 0 or 1, or a
//! range an assert narrowed to one value) and bounds that exclude every
//! size tracing allows are a `ValueError`, not a constraint violation.
//! A guard that specializes a `Dim.DYNAMIC` dim stays a violation
//! (`produce_guards`). A hint's bounds are applied only then: while tracing
//! its symbol has the default range. Each expectation was read off
//! `torch.export.export` on the same model, in both modes.

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
dynamic_shapes = {{'x': {spec}}}
"
    )
}

fn outcome(src: &str, mode: Mode) -> TraceOutcome {
    common::trace_first_entry(src, mode).outcome
}

/// The failure of both modes, which must agree on its kind.
fn failure(src: &str) -> tracer::Failure {
    let mut kinds = Vec::new();
    let mut last = None;
    for mode in [Mode::Strict, Mode::NonStrict] {
        match outcome(src, mode) {
            TraceOutcome::Failed(f) => {
                kinds.push(f.kind);
                last = Some(*f);
            }
            TraceOutcome::Exported(_) => panic!("{mode:?}: expected a failure"),
        }
    }
    assert_eq!(kinds[0], kinds[1]);
    last.unwrap_or_else(|| panic!("no failure"))
}

const ADD: &str = "        return x + 2";

#[test]
fn a_dynamic_dim_with_an_example_size_of_one_is_a_value_error() {
    let f = failure(&model(ADD, "0, 1", "{0: Dim.DYNAMIC, 1: Dim.DYNAMIC}"));
    assert_eq!(f.kind, FailureKind::Other);
    assert!(
        f.message
            .starts_with("ValueError: Found the following conflicts")
    );
    assert!(
        f.message
            .contains("0/1 specialized due to hint of 0 for dimension inputs['x'].shape[0]"),
        "{}",
        f.message
    );
    assert!(
        f.message
            .contains("hint of 1 for dimension inputs['x'].shape[1]")
    );
}

#[test]
fn a_dynamic_dim_an_assert_narrows_to_one_value_is_a_value_error() {
    let f = failure(&model(
        "        assert x.shape[0] <= 32\n        return x + 2",
        "32",
        "{0: Dim.DYNAMIC(min=32)}",
    ));
    assert_eq!(f.kind, FailureKind::Other, "{}", f.message);
    assert!(
        f.message
            .contains("Dim.DYNAMIC(min=32, max=None), but tracing inferred a static shape of 32"),
        "{}",
        f.message
    );
}

#[test]
fn static_bounds_that_exclude_the_example_size_are_a_value_error() {
    let f = failure(&model(ADD, "4", "[Dim.STATIC(min=6, max=8)]"));
    assert_eq!(f.kind, FailureKind::Other);
    assert!(f.message.contains("user-specified min/max range of [6, 8], conflicting with the inferred min/max range of [4, 4]"), "{}", f.message);
}

#[test]
fn hints_whose_bounds_allow_the_traced_sizes_export() {
    for spec in [
        "[Dim.STATIC(min=2, max=8)]",
        "[Dim.AUTO(min=2, max=8)]",
        "[Dim.DYNAMIC(max=8)]",
    ] {
        for mode in [Mode::Strict, Mode::NonStrict] {
            assert!(
                matches!(
                    outcome(&model(ADD, "4", spec), mode),
                    TraceOutcome::Exported(_)
                ),
                "{spec} {mode:?}"
            );
        }
    }
}

#[test]
fn an_int_in_the_spec_must_be_the_example_size() {
    let f = failure(&model(ADD, "4, 6", "(5, None)"));
    assert_eq!(f.kind, FailureKind::Other);
    assert!(
        f.message
            .starts_with("Static shape constraint of 5 does not match input size of 4"),
        "{}",
        f.message
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert!(matches!(
            outcome(&model(ADD, "4, 6", "(4, None)"), mode),
            TraceOutcome::Exported(_)
        ));
    }
}

#[test]
fn a_hints_bounds_are_not_the_symbols_range_while_tracing() {
    // The example size 16 is below min=33: the assert holds while tracing
    // (the symbol's range is [2, oo]), narrows it to [2, 32], and the bounds
    // then conflict with it.
    let src = model(
        "        assert x.shape[0] <= 32
        return x + 2",
        "16",
        "(Dim.DYNAMIC(min=33),)",
    );
    let f = failure(&src);
    assert_eq!(f.kind, FailureKind::Other, "{}", f.message);
    assert!(
        f.message.contains("Received user-specified min/max range of [33, None], conflicting with the inferred min/max range of [2, 32], for inputs['x'].shape[0]."),
        "{}",
        f.message
    );
}

#[test]
fn a_hints_bounds_narrow_the_range_constraint_after_tracing() {
    let src = model("        return x + 2", "16", "(Dim.AUTO(min=4, max=64),)");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let TraceOutcome::Exported(p) = outcome(&src, mode) else {
            panic!("{mode:?}: expected an export");
        };
        let (_, lo, hi) = &p.range_constraints[0];
        assert_eq!(
            (lo, hi),
            (&shapes::Bound::Finite(4), &shapes::Bound::Finite(64)),
            "{mode:?}"
        );
    }
}
