"""test_derived_dim_out_of_order_simplified_repeat_non_derived: a chain of derived Dims that simplifies back to the root."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y, y1, z):
        return x + y[1:] + y1[1:] + z[2:]


model = Foo()
example_args = (torch.randn(5), torch.randn(6), torch.randn(6), torch.randn(7))
_dimz = Dim("_dimz", min=6, max=8)
dimy = _dimz - 1
dimx = dimy - 1
dimz = dimx + 2
dynamic_shapes = ({0: dimx}, {0: dimy}, {0: dimy}, {0: dimz})
