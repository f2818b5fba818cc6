"""test_dim_dynamic_divisibility: a branch on x.size(0) % 2 under Dim.DYNAMIC."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        if x.size(0) % 2 == 0:
            return x.clone() * 2
        else:
            return x.clone() * 0


model = M()
example_args = (torch.randn(4),)
dynamic_shapes = {"x": {0: torch.export.Dim.DYNAMIC}}
