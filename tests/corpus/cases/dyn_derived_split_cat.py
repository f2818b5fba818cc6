import torch
import torch.nn as nn
from torch.export import Dim


class SplitAndMerge(nn.Module):
    """y has 2*n rows (a derived Dim); it is split in two by x's length and re-joined with cat."""

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        head, tail = y.split(x.shape[0], dim=0)
        return torch.cat([head + x, tail - x], dim=-1)


model = SplitAndMerge()
example_args = (torch.randn(4, 3), torch.randn(8, 3))
n = Dim("n", min=2, max=256)
dynamic_shapes = {"x": {0: n}, "y": {0: 2 * n}}
