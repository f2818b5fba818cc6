//! `torch.ops.aten.slice.Tensor` called directly, as torch 2.15 exports it:
//! recorded even when it spans the whole dimension, and an end of
//! `sys.maxsize` means "to the end" with no guard on a dynamic size
//! (read off `torch.export.export` on the same model, in both modes).

use crate::common;

use tracer::Mode;

const SRC: &str = "import torch
from torch.export import Dim

class Slice(torch.nn.Module):
    def forward(self, *args):
        return torch.ops.aten.slice.Tensor(*args)

model = Slice()
example_args = (torch.rand((10, 3, 4)), 0, 0, 9223372036854775807)
dynamic_shapes = (({0: Dim('dim')}, None, None, None),)
";

#[test]
fn a_slice_to_sys_maxsize_spans_a_dynamic_dim_without_a_guard() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported_program(SRC, mode);
        let slices = common::node_shapes(&p, "aten.slice.Tensor");
        assert_eq!(slices.len(), 1, "{mode:?}");
        assert!(slices[0].ends_with(", 3, 4"), "{}", slices[0]);
        assert!(
            p.env.guards.is_empty(),
            "{mode:?}: {:?}",
            p.env.guards.len()
        );
    }
}
