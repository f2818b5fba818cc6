//! A convolution checks that each padded spatial size holds the
//! dilated kernel before it selects a backend; on a dynamic size that check
//! is a guard (`x.size()[2] >= 5`) that narrows the size's range, so a
//! named `Dim` below the kernel is a constraint violation with a `min` fix.
//! Each expectation was read off `torch.export.export` (torch 2.15) on the
//! same model, in both modes. `avg_pool3d` makes the same kind of check on
//! its unpadded sizes, circular padding of each pad against the size it
//! wraps, and `ceil_mode` pooling of where its last window starts.

use crate::common;

use tracer::{FailureKind, Mode, TraceOutcome};

fn model(spec: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 4, 3, dilation=2)
        self.b = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x):
        return self.b(self.a(x))

model = Model()
example_args = (torch.randn(2, 3, 9, 12),)
height = Dim('height')
dynamic_shapes = ({spec},)
"
    )
}

/// The guards of tracing `src`'s entry in `mode`.
fn guards_of(src: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(src, mode);
    result.guards.into_iter().map(|g| g.expr).collect()
}

#[test]
fn a_dynamic_size_must_hold_the_dilated_kernel() {
    let src = model("{0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}");
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(&src, mode);
        assert!(matches!(result.outcome, TraceOutcome::Exported(_)));
        let guards: Vec<String> = result.guards.into_iter().map(|g| g.expr).collect();
        // The padded second convolution fits any size its input can have.
        for g in [
            "x.size()[2] >= 5",
            "x.size()[3] >= 5",
            "Ne(x.size()[2] - 4, 1)",
            "Ne(x.size()[3] - 4, 1)",
        ] {
            assert!(
                guards.iter().any(|x| x == g),
                "{mode:?}: no {g} in {guards:#?}"
            );
        }
        assert_eq!(guards.len(), 4, "{mode:?}: {guards:#?}");
    }
}

#[test]
fn a_named_dim_below_the_kernel_gets_a_min_fix() {
    let src = model("{2: height}");
    for mode in [Mode::NonStrict, Mode::Strict] {
        match common::trace_first_entry(&src, mode).outcome {
            TraceOutcome::Failed(f) => {
                assert_eq!(f.kind, FailureKind::ConstraintViolation, "{}", f.message);
                assert_eq!(f.suggested_fixes, ["height = Dim('height', min=5)"]);
            }
            TraceOutcome::Exported(_) => panic!("{mode:?}: expected a constraint violation"),
        }
    }
}

#[test]
fn an_unbatched_input_is_checked_as_conv1d_batches_it() {
    let src = "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = nn.Conv1d(4, 5, 3)

    def forward(self, x):
        return self.m(x)

model = Model()
example_args = (torch.randn(4, 3),)
dynamic_shapes = ({1: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(src, mode);
        assert!(
            guards.iter().any(|g| g == "x.size()[1] >= 3"),
            "{mode:?}: {guards:#?}"
        );
    }
}

#[test]
fn avg_pool3d_needs_each_unpadded_size_to_hold_its_kernel() {
    // torch 2.15 logs exactly one guard, `s >= 4`, from pool3d_shape_check.
    let src = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.m = torch.nn.AvgPool3d(4, 2, (1, 2, 1))

    def forward(self, x0):
        return self.m(x0)

model = M()
example_args = (torch.randn(2, 3, 5, 5, 5),)
dynamic_shapes = ({0: Dim.AUTO, 4: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(src, mode);
        assert_eq!(guards, ["x0.size()[4] >= 4"], "{mode:?}");
    }
}

#[test]
fn circular_padding_wraps_a_dynamic_size_at_most_once() {
    // torch 2.15: `3 <= x.size()[2]`, the left pad against the size.
    let src = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.m = torch.nn.CircularPad1d((3, 1))

    def forward(self, x0):
        return self.m(x0)

model = M()
example_args = (torch.randn(1, 2, 3),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(src, mode);
        assert_eq!(guards, ["3 <= x0.size()[2]"], "{mode:?}");
    }
}

#[test]
fn a_gather_index_fits_the_input_outside_the_gathered_dim() {
    // torch 2.15 (OpInfo gather sample 0): `x1.size()[1] <= x0.size()[1]`;
    // an empty index is not checked, not even its rank.
    let src = |index: &str| {
        format!(
            "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0, x1):
        return torch.gather(x0, 0, x1)

model = Op()
example_args = (torch.randn(10, 5), {index})
dynamic_shapes = ({{0: Dim.AUTO, 1: Dim.AUTO}}, {{0: Dim.AUTO, 1: Dim.AUTO}})
"
        )
    };
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(&src("torch.zeros(5, 5, dtype=torch.int64)"), mode);
        assert_eq!(guards, ["x1.size()[1] <= x0.size()[1]"], "{mode:?}");
        let empty =
            common::trace_first_entry(&src("torch.zeros((2, 0, 3), dtype=torch.int64)"), mode);
        assert!(
            matches!(empty.outcome, TraceOutcome::Exported(_)),
            "{mode:?}"
        );
    }
}

#[test]
fn select_guards_its_index_against_a_dynamic_size() {
    // torch 2.15 (OpInfo select sample 1): `x0.size()[2] > 2`.
    let src = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return torch.select(x0, -1, 2)

model = Op()
example_args = (torch.randn(5, 5, 5),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(src, mode);
        assert_eq!(guards, ["x0.size()[2] > 2"], "{mode:?}");
    }
}

/// With `ceil_mode`, pooling drops a last window that would start past the
/// input and its left padding (`(out - 1)*stride >= len + pad`): on a
/// dynamic length torch guards that decision (torch 2.15, both modes).
#[test]
fn ceil_mode_pooling_guards_where_its_last_window_starts() {
    let src = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return torch.nn.functional.max_pool1d(x0, kernel_size=3, stride=2, ceil_mode=True, return_indices=True)

model = Op()
example_args = (torch.randn(1, 2, 3),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = guards_of(src, mode);
        assert_eq!(
            guards.first().map(String::as_str),
            Some("2*((x0.size()[2]//2)) - 2 < x0.size()[2]"),
            "{mode:?}: {guards:#?}"
        );
    }
}

/// The same rule on static sizes: a 3-long input padded by 1 gives two
/// windows of 2 with stride 2, not three (`(3 - 1)*2 >= 3 + 1`).
#[test]
fn ceil_mode_drops_a_window_starting_in_the_right_padding() {
    let src = "import torch

class Op(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.max_pool1d(x, kernel_size=2, stride=2, padding=1, ceil_mode=True)

model = Op()
example_args = (torch.randn(1, 2, 3),)
";
    let result = common::trace_first_entry(src, Mode::NonStrict);
    let TraceOutcome::Exported(p) = &result.outcome else {
        panic!("not exported");
    };
    let out = p.graph.outputs.first().expect("an output");
    let id = match &out.arg {
        tracer::graph::Arg::Node(id) => *id,
        other => panic!("{other:?}"),
    };
    match &p.graph.node(id).val {
        tracer::graph::MetaVal::Tensor { shape, .. } => {
            let dims: Vec<String> = shape.iter().map(|d| p.env.render(d)).collect();
            assert_eq!(dims, ["1", "2", "2"]);
        }
        other => panic!("{other:?}"),
    }
}
