"""An operator defined with torch.library.define and a CPU kernel only: non-strict export fails on the fake tensor (UnsupportedOperatorException), strict export breaks the graph (GB0090)."""
import torch
from torch import nn

torch.library.define("exportlens_defnf::cosine", "(Tensor x) -> Tensor")


@torch.library.impl("exportlens_defnf::cosine", "cpu")
def _cosine(x):
    return x.cos()


class Model(nn.Module):
    def forward(self, x):
        y = x * 2
        return torch.ops.exportlens_defnf.cosine(y)


model = Model()
example_args = (torch.randn(4, 3),)
