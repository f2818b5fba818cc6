"""test_dynamic_shapes_builder_kwargs: list and dict inputs passed as kwargs sharing one Dim."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x, y, z):
        return x + y[0] + z["k"]


model = M()
example_args = (torch.randn(4),)
example_kwargs = {"z": {"k": torch.randn(4)}, "y": [torch.randn(4)]}
dim = Dim("dim", max=10)
dynamic_shapes = {"x": (dim,), "y": [(dim,)], "z": {"k": (dim,)}}
