"""test_mismatched_dynamic_shapes: nested dict/list input with a matching nested spec."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        return x["k"]["k"][0] + x["k"]["k"][1]


model = M()
example_args = ({"k": {"k": [torch.rand(4), torch.rand(4)]}},)
dim = Dim("dim")
dynamic_shapes = ({"k": {"k": [(dim,), (dim,)]}},)
