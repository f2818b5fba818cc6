import torch
import torch.nn as nn
from torch.export import Dim


class Increments(nn.Module):
    """Cumulative values (n + 1 of them) compared with n increments."""

    def forward(self, steps: torch.Tensor, cumulative: torch.Tensor) -> torch.Tensor:
        deltas = cumulative[1:] - cumulative[:-1]
        return deltas - steps


model = Increments()
example_args = (torch.randn(7), torch.randn(8))
dx = Dim("dx", min=2, max=100)
dynamic_shapes = {"steps": {0: dx}, "cumulative": {0: dx + 1}}
