"""test_dim_hint_range_violations: asserts conflict with Dim.DYNAMIC min/max on two inputs."""
import torch
from torch.export import Dim


class Moo(torch.nn.Module):
    def forward(self, x, y):
        assert x.shape[0] <= 32
        assert y.shape[0] >= 128
        return x + 2, y + 2


model = Moo()
example_args = (torch.randn(16), torch.randn(256))
dynamic_shapes = {"x": (Dim.DYNAMIC(min=33),), "y": (Dim.DYNAMIC(max=127),)}
