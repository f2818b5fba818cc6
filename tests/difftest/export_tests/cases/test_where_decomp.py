"""test_where_decomp: one-argument aten.where with Dim.AUTO on every dim."""
import torch
from torch.export import Dim


class TestModule(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.ops.aten.where.default(x > 0)


model = TestModule()
example_args = (torch.randn(2, 3),)
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO},)
