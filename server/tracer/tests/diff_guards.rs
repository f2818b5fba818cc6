//! `torch.diff` on a dynamic length asks what its ATen composite asks:
//! whether `n` exceeds the length (`3 <= x0.size()[0]` for `n = 3`, which
//! narrows the range), then each step narrows the input twice (the
//! fake-tensor cache rebuilding the first view: suppressed guards) and
//! subtracts (a broadcast: `Ne(L - 1, 1)`), and a next step asks whether
//! that difference is contiguous (`L - 1 >= 2`). Expectations read off
//! `torch.export.export` (torch 2.15), both modes.

use crate::common;

use tracer::Mode;

fn diff_model(n: i64) -> String {
    format!(
        "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return torch.diff(x0, {n}, 0, None, None)

model = Op()
example_args = (torch.randn(5),)
dynamic_shapes = ({{0: Dim.AUTO}},)
"
    )
}

fn guards_of(src: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(src, mode);
    result.guards.into_iter().map(|g| g.expr).collect()
}

#[test]
fn a_first_difference_guards_its_broadcast_and_output() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            guards_of(&diff_model(1), mode),
            [
                "[guard suppressed] Ne(x0.size()[0] - 1, 1)",
                "Ne(x0.size()[0] - 1, 1)",
                "x0.size()[0] - 1 >= 2"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn a_third_difference_first_asks_whether_n_exceeds_the_length() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            guards_of(&diff_model(3), mode),
            [
                "3 <= x0.size()[0]",
                "[guard suppressed] Ne(x0.size()[0] - 2, 1)",
                "Ne(x0.size()[0] - 2, 1)",
                "x0.size()[0] - 2 >= 2",
                "[guard suppressed] Ne(x0.size()[0] - 3, 1)",
                "Ne(x0.size()[0] - 3, 1)",
                "x0.size()[0] - 3 >= 2"
            ],
            "{mode:?}"
        );
    }
}
