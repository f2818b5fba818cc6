"""test_dim_auto_and_dim: a named Dim specialized by a Dim.STATIC partner."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x - y


model = Foo()
example_args = (torch.randn(4), torch.randn(4))
dynamic_shapes = {"x": (Dim.STATIC,), "y": (Dim("dy"),)}
