//! torch's top-level functions written in Python (`prelude/torch.py`):
//! `torch.sym_fresh_size(expr)` is `torch.tensor(expr).item()`, a fresh
//! unbacked size.

use crate::common;

use tracer::Mode;
use tracer::graph::MetaVal;

const SRC: &str = "import torch

class M(torch.nn.Module):
    def forward(self, x, p):
        u0 = p.item()
        torch._check(u0 + 5 <= x.shape[0])
        torch._check(u0 >= 0)
        return x.narrow(0, u0 + 5, torch.sym_fresh_size(x.shape[0] - u0 - 5))

model = M()
example_args = (torch.arange(10), torch.tensor(2))
";

#[test]
fn sym_fresh_size_is_a_fresh_unbacked_size() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported_program(SRC, mode);
        let items = p
            .graph
            .nodes
            .iter()
            .filter(|n| n.target() == Some("aten.item.default"))
            .count();
        assert_eq!(items, 2, "{mode:?}");
        let narrow = p
            .graph
            .nodes
            .iter()
            .find(|n| n.target() == Some("aten.narrow.default"))
            .expect("a narrow node");
        let MetaVal::Tensor { shape, .. } = &narrow.val else {
            panic!("{:?}", narrow.val);
        };
        assert_eq!(p.env.render(&shape[0]), "u1", "{mode:?}");
    }
}
