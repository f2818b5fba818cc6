"""test_derived_dim_nested: y = 2*dimx + 1 read through y[1::2]."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x + y[1::2]


model = Foo()
example_args = (torch.randn(5), torch.randn(11))
dimx = Dim("dimx", min=3, max=6)
dynamic_shapes = ({0: dimx}, {0: dimx * 2 + 1})
