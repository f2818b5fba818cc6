"""test_derived_dim_integer: an even-size branch with w = 2*dimx."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, w):
        if w.shape[0] % 2 == 0:
            return w[::2]
        else:
            return w[1:-1:2]


model = Foo()
example_args = (torch.randn(10),)
dynamic_shapes = ({0: Dim("dimx", min=3, max=6) * 2},)
