"""test_derived_dim_basic: two independent Dims where y must be x + 1 (suggested fix dimy = dimx + 1)."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x + y[1:]


model = Foo()
example_args = (torch.randn(5), torch.randn(6))
dynamic_shapes = ({0: Dim("dimx", min=3, max=6)}, {0: Dim("dimy", min=4, max=7)})
