//! An elementwise op's fake kernel asks whether its operands are
//! contiguous before it lays out its output (the fast path of `add`, the
//! prims' output strides): in strict mode Dynamo asks this on the op's
//! line, before the AOT phase would. Expectations read off
//! `torch.export.export` (torch 2.15, strict) on the same model.

use crate::common;

use tracer::Mode;

const HALVES: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, x):
        h = x.t().contiguous()
        n = h.shape[-1] // 2
        return h[..., :n] + h[..., n:2 * n]

model = M()
example_args = (torch.randn(6, 4),)
dynamic_shapes = ({0: Dim.AUTO},)
";

#[test]
fn strict_mode_asks_an_operands_contiguity_on_the_ops_line() {
    let lines = common::unsuppressed_guard_lines(HALVES, Mode::Strict);
    let on_add = |e: &str| (e.to_string(), Some(8));
    assert_eq!(
        lines,
        [
            on_add("(x.size()[0]//2) <= x.size()[0]"),
            on_add("2*((x.size()[0]//2)) <= x.size()[0]"),
            on_add("Ne((x.size()[0]//2), 1)"),
            on_add("Ne(x.size()[0], (x.size()[0]//2))"),
            on_add("Ne(x.size()[0], Max(1, (x.size()[0]//2)))"),
        ]
    );
}
