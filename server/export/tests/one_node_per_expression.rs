//! torch's runtime-assertion pass keeps one node per symbolic expression:
//! `max` of a list of sizes, folded pairwise, computes `Max(s0, s1)` twice
//! and the program uses the first `sym_max`. Read off
//! `torch.export.export` on the same model.

use crate::common;

use tracer::Mode;

const SRC: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, a, b):
        sizes = [a.shape[0], b.shape[0], a.shape[0]]
        return max(sizes) + min(sizes)

model = M()
example_args = (torch.randn(5, 2), torch.randn(6, 2))
dynamic_shapes = ({0: Dim.AUTO}, {0: Dim.AUTO})
";

#[test]
fn a_repeated_max_of_sizes_is_one_node() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            common::node_names(SRC, mode),
            [
                "sym_size_int_2",
                "sym_size_int_3",
                "sym_max",
                "sym_min",
                "add"
            ],
            "{mode:?}"
        );
    }
}
