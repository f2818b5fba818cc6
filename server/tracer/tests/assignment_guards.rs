//! Slice assignment's `copy_` first asks whether its destination overlaps
//! itself, starting with whether it is contiguous: in strict mode those
//! guards belong to the assignment's line. Expectations read off
//! `torch.export.export` (torch 2.15, strict) on the same model.

use crate::common;

use tracer::Mode;

const MASK: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, mask, fill):
        mask = mask.clone()
        mask[:, :, :, :fill.shape[-1]] = fill
        return mask

model = M()
example_args = (torch.randn(2, 2, 3, 4), torch.randn(2, 2, 3, 3))
dynamic_shapes = {'mask': {3: Dim('M')}, 'fill': {3: Dim('N')}}
";

#[test]
fn strict_mode_asks_the_destinations_contiguity_on_the_assignments_line() {
    assert_eq!(
        common::unsuppressed_guard_lines(MASK, Mode::Strict),
        [
            ("fill.size()[3] <= mask.size()[3]".to_string(), Some(7)),
            ("Ne(mask.size()[3], fill.size()[3])".to_string(), Some(7)),
        ]
    );
}
