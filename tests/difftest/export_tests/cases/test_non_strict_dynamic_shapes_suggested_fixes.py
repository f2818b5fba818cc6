"""test_non_strict_dynamic_shapes_suggested_fixes: a branch on x.shape[0] <= 6 bounds the Dim (suggested fix max=6)."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, c):
        if x.shape[0] <= 6:
            return x + 1, c + 2
        else:
            return x - 1, c - 2


model = Foo()
example_args = (torch.ones(5), torch.ones(4))
dynamic_shapes = ({0: Dim("dim", min=3)}, None)
