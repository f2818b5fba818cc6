//! The comparisons torch's check functions trace (`torch._check(b >= 4)`,
//! `torch._check_is_size(b)`'s `b >= 0`) die but keep their names, each
//! one a name of its own, so the runtime asserts inserted afterwards are
//! numbered after all of them. Read off `torch.export.export` on the same
//! model.

use crate::common;

use tracer::Mode;

const SRC: &str = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        b = x.item()
        torch._check_is_size(b)
        torch._check(b >= 4)
        torch._check(b <= 5)
        torch._check(b <= 5)
        return torch.full((b, 1), 1)

model = M()
example_args = (torch.tensor([3]),)
";

#[test]
fn each_traced_check_takes_a_name() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            common::node_names(SRC, mode),
            [
                "item",
                "ge_2",
                "_assert_scalar_default",
                "le_2",
                "_assert_scalar_default_1",
                "full"
            ],
            "{mode:?}"
        );
    }
}
