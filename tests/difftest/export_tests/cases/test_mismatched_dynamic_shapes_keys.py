"""test_mismatched_dynamic_shapes: top-level spec keys that are not the argument names."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        return x["k"]["k"][0] + x["k"]["k"][1]


model = M()
example_args = ({"k": {"k": [torch.rand(4), torch.rand(4)]}},)
dim = Dim("dim")
dynamic_shapes = {"k": {"k": [dim, dim]}}
