import torch
import torch.nn as nn
from torch.export import Dim


class PairInterleave(nn.Module):
    """y holds two frames per frame of x."""

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        x2 = x.repeat_interleave(2, dim=0)
        return x2 + y


model = PairInterleave()
example_args = (torch.randn(6, 8), torch.randn(12, 8))
n = Dim("n", min=2, max=128)
dynamic_shapes = {"x": {0: n}, "y": {0: n * 2}}
