import torch
import torch.nn as nn
from torch.export import Dim


class SplitPairs(nn.Module):
    """Regroups a (batch, seq, 6) feature map into groups of 4 values."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b = x.shape[0]
        groups = x.view(b, -1, 4)
        return groups.sum(-1)


model = SplitPairs()
example_args = (torch.randn(2, 10, 6),)
seq = Dim("seq", min=2, max=512)
dynamic_shapes = {"x": {1: seq}}
