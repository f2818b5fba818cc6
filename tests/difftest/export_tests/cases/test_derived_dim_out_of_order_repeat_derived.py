"""test_derived_dim_out_of_order_repeat_derived: five inputs whose Dims all derive from one root."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y, z, x1, x2):
        return x + y[1:] + z[2:] + x1 + x2


model = Foo()
example_args = (torch.randn(5), torch.randn(6), torch.randn(7), torch.randn(5), torch.randn(5))
dimy = Dim("dimy", min=5, max=7)
dimx = dimy - 1
dimz = dimy + 1
dynamic_shapes = ({0: dimx}, {0: dimy}, {0: dimz}, {0: dimx}, {0: dimz - 2})
