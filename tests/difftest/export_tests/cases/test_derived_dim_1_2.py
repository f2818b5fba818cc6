"""test_derived_dim_1_2: a derived Dim dx + 1 over a root with range [1, 2]."""
import torch
from torch.export import Dim


class Bar(torch.nn.Module):
    def forward(self, x, y):
        return x + y[1:]


model = Bar()
example_args = (torch.randn(2, 2), torch.randn(3, 2))
dx = Dim("dx", min=1, max=2)
dynamic_shapes = ({0: dx, 1: None}, {0: dx + 1, 1: None})
