"""test_dim_auto_and_dim: Dim.AUTO, named Dims with bounds and Dim.DYNAMIC on a subtraction."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x - y


model = Foo()
example_args = (torch.randn(4, 4), torch.randn(4, 4))
dynamic_shapes = {"x": (Dim.AUTO, Dim("d1", min=3)), "y": (Dim("d0", max=8), Dim.DYNAMIC)}
