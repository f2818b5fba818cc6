//! Reflection padding checks both pads of a dim below its size with one
//! `_check(sym_and(pad_l < w, pad_r < w))`: torch decides the conjunction
//! as a whole, so on a dynamic size it is one guard even when the ranges
//! settle one side (`w >= 2` settles `w > 1`), each side asked from the
//! size's side. Expectations read off `torch.export.export` (torch 2.15).

use crate::common;

use tracer::Mode;

const REFLECT: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return torch.nn.functional.pad(x0, (1, 2), 'reflect')

model = Op()
example_args = (torch.randn(1, 3),)
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO},)
";

#[test]
fn both_pads_are_one_conjunction_guard() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            common::guard_texts(REFLECT, mode),
            ["(x0.size()[1] > 1) & (x0.size()[1] > 2)"],
            "{mode:?}"
        );
    }
}

#[test]
fn a_pad_as_large_as_the_size_is_torch_s_error() {
    let src = REFLECT.replace("(1, 2)", "(1, 3)");
    match common::trace_first_entry(&src, Mode::NonStrict).outcome {
        tracer::TraceOutcome::Failed(f) => {
            assert!(
                f.message.contains("Padding size should be less"),
                "{}",
                f.message
            )
        }
        tracer::TraceOutcome::Exported(_) => panic!("exported"),
    }
}
