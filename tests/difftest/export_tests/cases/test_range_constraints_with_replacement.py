"""test_range_constraints_with_replacement: slicing [:3] raises the lower bound of a Dim.DYNAMIC pair."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x, y):
        return (x + y)[:3]


model = M()
example_args = (torch.randn(4), torch.randn(4))
dynamic_shapes = ((torch.export.Dim.DYNAMIC,), (torch.export.Dim.DYNAMIC,))
