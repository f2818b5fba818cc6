//! `torch.nonzero_static(input, size=n)`: `n` rows of indices, a size the
//! caller gives (a dynamic dim here), never an unbacked length.

use crate::common;

use tracer::Mode;
use tracer::graph::MetaVal;

const SRC: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, mask, exp):
        return torch.nonzero_static(mask, size=exp.shape[0])

model = M()
example_args = (torch.ones(5, 5, dtype=torch.bool), torch.randn(25))
dynamic_shapes = {'mask': None, 'exp': (Dim('n', max=100),)}
";

#[test]
fn nonzero_static_is_as_long_as_its_size_argument() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported_program(SRC, mode);
        let node = p
            .graph
            .nodes
            .iter()
            .find(|n| n.target() == Some("aten.nonzero_static.default"))
            .expect("a nonzero_static node");
        let MetaVal::Tensor { shape, .. } = &node.val else {
            panic!("{:?}", node.val);
        };
        let dims: Vec<String> = shape.iter().map(|d| p.env.render(d)).collect();
        assert_eq!(dims.len(), 2);
        assert!(dims[0].starts_with('s'), "{mode:?}: {dims:?}");
        assert_eq!(dims[1], "2");
    }
}
