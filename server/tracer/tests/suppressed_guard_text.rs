//! `[guard suppressed]` guards are compared with torch's log as text, so
//! their sides must keep the structure sympy gave them while torch built
//! them op by op: an element count multiplied from the left
//! (`s2*(4*s0 - 8*c)`), a storage's byte size from its strides for an
//! input or a reduction's output (`16*s2*(s0 - 1) + 16*s2`) and from its
//! element count for an elementwise op's output (`16*s0*s2`). Each
//! expectation was read off `torch.export.export` (torch 2.15) with
//! `TORCH_LOGS=+dynamic`, both modes.

use crate::common;

use tracer::{Mode, TraceOutcome};

fn suppressed(source: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(source, mode);
    assert!(matches!(result.outcome, TraceOutcome::Exported(_)));
    result
        .guards
        .into_iter()
        .map(|g| g.expr)
        .filter(|g| g.starts_with("[guard suppressed]"))
        .collect()
}

/// The last of three chunks of `chunked` along dim 0, `x` of shape
/// (s0, 4, s2).
fn chunk_of(chunked: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        a, b, c = torch.chunk({chunked}, 3, 0)
        return c

model = M()
example_args = (torch.randn(3, 4, 16),)
dynamic_shapes = ({{0: Dim.AUTO, 2: Dim.AUTO}},)
"
    )
}

const C: &str = "(((x.size()[0] + 2)//3))";

fn assert_has(got: &[String], want: &[String], mode: Mode) {
    for w in want {
        assert!(got.contains(w), "{mode:?}: no {w} in {got:#?}");
    }
}

#[test]
fn an_inputs_storage_counts_its_strides() {
    let want = [
        format!(
            "[guard suppressed] 16*x.size()[2]*{C} <= 16*x.size()[2]*(x.size()[0] - 1) + 16*x.size()[2]"
        ),
        format!(
            "[guard suppressed] 32*x.size()[2]*{C} <= 16*x.size()[2]*(x.size()[0] - 1) + 16*x.size()[2]"
        ),
        format!("[guard suppressed] Ne(x.size()[2]*(4*x.size()[0] - 8*{C}), 0)"),
    ];
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_has(&suppressed(&chunk_of("x"), mode), &want, mode);
    }
}

#[test]
fn an_elementwise_outputs_storage_counts_its_elements() {
    let want = [
        format!("[guard suppressed] 16*x.size()[2]*{C} <= 16*x.size()[2]*x.size()[0]"),
        format!("[guard suppressed] 32*x.size()[2]*{C} <= 16*x.size()[2]*x.size()[0]"),
    ];
    let got = suppressed(&chunk_of("x.abs()"), Mode::NonStrict);
    assert_has(&got, &want, Mode::NonStrict);
}

#[test]
fn a_reductions_storage_counts_its_strides() {
    let want = [
        format!(
            "[guard suppressed] 4*x.size()[2]*{C} <= 4*x.size()[2]*(x.size()[0] - 1) + 4*x.size()[2]"
        ),
        format!(
            "[guard suppressed] 8*x.size()[2]*{C} <= 4*x.size()[2]*(x.size()[0] - 1) + 4*x.size()[2]"
        ),
        format!("[guard suppressed] Ne(x.size()[2]*(x.size()[0] - 2*{C}), 0)"),
    ];
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_has(
            &suppressed(&chunk_of("x.sum(1, keepdim=True)"), mode),
            &want,
            mode,
        );
    }
}

#[test]
fn a_strided_views_storage_asks_whether_each_size_is_zero() {
    let source = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        return (x + 1)[:, 7:]

model = M()
example_args = (torch.randn(5, 9),)
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO},)
";
    let want = [
        "[guard suppressed] Ne(x.size()[0]*(x.size()[1] - 7), 0)".to_string(),
        "[guard suppressed] Ne(x.size()[1] - 7, 0)".to_string(),
    ];
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_has(&suppressed(source, mode), &want, mode);
    }
}

#[test]
fn the_cache_rebuilds_every_piece_of_a_split_before_its_metadata_is_read() {
    // Had the first piece's `tensor_meta` guards come first,
    // `Ne(x.size()[2], c)` would settle whether the second piece is empty.
    let source = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        a, b = torch.chunk(x, 2, 2)
        return a, b

model = M()
example_args = (torch.randn(4, 3, 6),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";
    let result = common::trace_first_entry(source, Mode::NonStrict);
    let got: Vec<String> = result.guards.into_iter().map(|g| g.expr).collect();
    let c = "(((x.size()[2] + 1)//2))";
    let empty = format!("[guard suppressed] Ne(x.size()[2] - {c}, 0)");
    let first_real = got
        .iter()
        .position(|g| !g.starts_with("[guard suppressed]") && g.starts_with("Ne("));
    let at = got.iter().position(|g| *g == empty);
    assert!(at.is_some() && at < first_real, "{got:#?}");
}
