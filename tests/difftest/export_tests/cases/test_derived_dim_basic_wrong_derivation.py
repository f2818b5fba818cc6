"""test_derived_dim_basic: a derived Dim 2*dimx that the example sizes contradict."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x + y[1:]


model = Foo()
example_args = (torch.randn(5), torch.randn(6))
dimx = Dim("dimx", min=3, max=6)
dynamic_shapes = ({0: dimx}, {0: dimx * 2})
