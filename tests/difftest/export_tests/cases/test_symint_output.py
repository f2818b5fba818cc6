"""test_symint_output: a size returned as an output next to a tensor."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x):
        z, y = x.size()
        return z + y + x[0], z


model = Foo()
example_args = (torch.ones(2, 3),)
dynamic_shapes = {"x": (Dim("dim0_x"), Dim("dim1_x"))}
