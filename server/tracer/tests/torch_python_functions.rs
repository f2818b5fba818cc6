//! torch's top-level functions and values written in Python
//! (`prelude/torch.py`): `torch.sym_fresh_size(expr)` is
//! `torch.tensor(expr).item()`, a fresh unbacked size; the layouts
//! (`torch.strided`); torch's classes named as torch names them.

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

/// `Tensor.layout`: every tensor is `torch.strided`; the layouts are
/// opaque values compared by identity (torch_geometric tests
/// `src.layout == torch.sparse_coo` before indexing).
#[test]
fn tensors_are_strided_and_layouts_compare_by_identity() {
    common::exports(
        "\
import torch
x = torch.randn(2)
assert x.layout == torch.strided and x.layout is torch.strided
assert x.layout != torch.sparse_coo and x.layout != torch.sparse_csr
assert repr(torch.sparse_csc) == 'torch.sparse_csc' and isinstance(x.layout, torch.layout)
assert torch.Tensor.__module__ == 'torch' and torch.Tensor.__qualname__ == 'Tensor'
assert repr(torch.Tensor) == \"<class 'torch.Tensor'>\"
assert torch.nn.Parameter.__module__ == 'torch.nn.parameter'
",
    );
}
