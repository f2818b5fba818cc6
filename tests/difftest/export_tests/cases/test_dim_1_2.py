"""test_dim_1_2: a Dim with range [1, 2]."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x):
        return x * 2


model = Foo()
example_args = (torch.randn(2, 2),)
dynamic_shapes = ({0: Dim("dx", min=1, max=2), 1: None},)
