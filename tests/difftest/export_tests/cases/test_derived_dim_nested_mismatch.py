"""test_derived_dim_nested: z = dimx + 1 with y = 2*dimx - 1 contradicts the example sizes."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, z, y):
        return z[1:] + y[1::2]


model = Foo()
example_args = (torch.randn(6), torch.randn(11))
dimx = Dim("dimx", min=3, max=6)
dynamic_shapes = ({0: dimx + 1}, {0: dimx * 2 - 1})
