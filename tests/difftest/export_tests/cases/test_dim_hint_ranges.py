"""test_dim_hint_ranges: Dim.AUTO / Dim.DYNAMIC hints with min and max."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x + y


model = Foo()
example_args = (torch.randn(6, 4), torch.randn(6, 4))
dynamic_shapes = {"x": (Dim.AUTO(min=4), Dim.AUTO), "y": (Dim.DYNAMIC(max=16), Dim.AUTO(max=32))}
