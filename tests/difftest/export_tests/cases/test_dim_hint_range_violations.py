"""test_dim_hint_range_violations: Dim.STATIC(min=6, max=8) against an example size of 4."""
import torch
from torch.export import Dim


class Bar(torch.nn.Module):
    def forward(self, x):
        return x + 2


model = Bar()
example_args = (torch.randn(4),)
dynamic_shapes = {"x": [Dim.STATIC(min=6, max=8)]}
