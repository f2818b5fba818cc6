import torch
import torch.nn as nn
from torch.export import dims


class PairwiseSqDist(nn.Module):
    """Squared Euclidean distances between two point sets whose sizes come from one dims() call."""

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        xx = (x * x).sum(dim=-1, keepdim=True)
        yy = (y * y).sum(dim=-1)
        return xx - 2.0 * (x @ y.t()) + yy


model = PairwiseSqDist()
example_args = (torch.randn(6, 8), torch.randn(10, 8))
rows, cols = dims("rows", "cols", min=2, max=128)
dynamic_shapes = {"x": (rows, None), "y": (cols, None)}
