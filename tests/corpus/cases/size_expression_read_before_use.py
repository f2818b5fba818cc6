"""A size that is an expression of the input's (`4*batch`, read from an
intermediate tensor) and then divided: torch rebuilds the expression from
the input size where the code read it, before the nodes in between, and
the later view reuses it."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        y = x.repeat(4, 1)
        per_copy = y.size(0) // 4
        scale = self.proj(torch.ones(per_copy, 8))
        z = y.view(y.size(0), 2, 4)
        return z.sum(-1), scale


model = Model()
example_args = (torch.randn(3, 8),)
dynamic_shapes = {"x": {0: Dim("batch")}}
