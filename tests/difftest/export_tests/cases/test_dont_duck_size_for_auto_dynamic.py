"""test_dont_duck_size_for_auto_dynamic: asserts relate Dim.AUTO sizes (y[0] = x[0] + 1, y[1] = 4)."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        # x: [s0, s1], y: [s0 + 1, 4]
        assert y.shape[1] == 4
        assert x.shape[0] == y.shape[0] - 1
        return x * 2, y * 2


model = Foo()
example_args = (torch.randn(4, 4), torch.randn(5, 4))
dynamic_shapes = {"x": (Dim.AUTO, Dim.AUTO), "y": (Dim.AUTO, Dim.AUTO)}
