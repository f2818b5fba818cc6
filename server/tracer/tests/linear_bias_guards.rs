//! `F.linear` checks its bias against the output features whichever path
//! ATen takes: `addmm` for a 2-d input (even with a constant number of
//! rows, `[0, k]`), `matmul` and an in-place add for a 1-d or a 4-d input.
//! Each asks the bias's size to be 1 or the output's, then equal to it.
//! Expectations read off `torch.export.export` (torch 2.15), both modes.

use crate::common;

use tracer::Mode;

fn linear(input: &str, dims: &str) -> String {
    format!(
        "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x, w, b):
        return torch.nn.functional.linear(x, w, b)

model = Op()
example_args = (torch.randn({input}), torch.randn(6, 5), torch.randn(6))
dynamic_shapes = ({dims}, {{0: Dim.AUTO, 1: Dim.AUTO}}, {{0: Dim.AUTO}})
"
    )
}

#[test]
fn the_bias_is_checked_on_every_path() {
    for (input, dims, k) in [
        ("5", "{0: Dim.AUTO}", "x.size()[0]"),
        ("0, 5", "{0: Dim.AUTO, 1: Dim.AUTO}", "x.size()[1]"),
        ("2, 3, 4, 5", "{0: Dim.AUTO, 3: Dim.AUTO}", "x.size()[3]"),
    ] {
        let src = linear(input, dims);
        for mode in [Mode::NonStrict, Mode::Strict] {
            assert_eq!(
                common::guard_texts(&src, mode),
                [
                    format!("Eq({k}, w.size()[1])"),
                    "Eq(w.size()[0], b.size()[0]) | Eq(b.size()[0], 1)".to_string(),
                    "Eq(b.size()[0], w.size()[0])".to_string(),
                ],
                "{input} {mode:?}"
            );
        }
    }
}
