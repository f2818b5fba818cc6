"""torch.library.define with impl for a device and register_fake, a CompositeImplicitAutograd impl (one node, its value from running the impl on fake inputs), and a torch.library.Library's define with a Meta impl."""
import torch
from torch import nn
from torch.export import Dim

torch.library.define("exportlens_def::scale", "(Tensor x, float s=2.0) -> Tensor")


@torch.library.impl("exportlens_def::scale", "cpu")
def _scale_cpu(x, s=2.0):
    return x * s


@torch.library.register_fake("exportlens_def::scale")
def _scale_fake(x, s=2.0):
    return torch.empty_like(x)


torch.library.define("exportlens_def::stacked", "(Tensor x) -> Tensor")


@torch.library.impl("exportlens_def::stacked", "CompositeImplicitAutograd")
def _stacked(x):
    return torch.cat([x, x.sin()], dim=0)


lib = torch.library.Library("exportlens_lib", "DEF")
lib.define("rowsum(Tensor x, *, bool keep=False) -> Tensor")


def _rowsum_meta(x, *, keep=False):
    return x.new_empty(x.shape[0], 1) if keep else x.new_empty(x.shape[0])


lib.impl("rowsum", _rowsum_meta, "Meta")


class Model(nn.Module):
    def forward(self, x):
        a = torch.ops.exportlens_def.scale(x)
        b = torch.ops.exportlens_def.scale(x, 3.0)
        c = torch.ops.exportlens_def.stacked(a + b)
        d = torch.ops.exportlens_lib.rowsum(c, keep=True)
        return c, d


model = Model()
example_args = (torch.randn(4, 3),)
dynamic_shapes = {"x": {0: Dim("n", min=2, max=64)}}
