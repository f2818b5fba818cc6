"""test_specialize_derived_dim_roots: reshape specializes a derived Dim and its root (suggested fix dy = 12)."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x.reshape([-1]) + y


model = Foo()
example_args = (torch.randn(6, 2), torch.randn(12))
dy = Dim("dy", min=6)
dynamic_shapes = {"x": (dy - 6, 2), "y": (dy,)}
