"""test_derived_dim_out_of_order: Dims derived from dimy in both directions."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y, z):
        return x + y[1:] + z[2:]


model = Foo()
example_args = (torch.randn(5), torch.randn(6), torch.randn(7))
dimy = Dim("dimy", min=5, max=7)
dynamic_shapes = ({0: dimy - 1}, {0: dimy}, {0: dimy + 1})
