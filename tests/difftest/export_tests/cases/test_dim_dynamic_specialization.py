"""test_dim_dynamic_specialization: Dim.DYNAMIC on sizes 0 and 1 (0/1 specialization)."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x):
        return x + 2


model = Foo()
example_args = (torch.randn(0, 1),)
dynamic_shapes = {"x": {0: Dim.DYNAMIC, 1: Dim.DYNAMIC}}
