"""test_dim_auto_and_dim: a derived Dim 3*dx+1 read through a strided slice."""
import torch
from torch.export import Dim


class Bar(torch.nn.Module):
    def forward(self, x, y, z):
        return x + y[1::3] + z


model = Bar()
example_args = (torch.randn(4), torch.randn(13), torch.randn(4))
dx = Dim("dx", min=2, max=10)
dynamic_shapes = {"x": (dx,), "y": (3 * dx + 1,), "z": (Dim.AUTO,)}
