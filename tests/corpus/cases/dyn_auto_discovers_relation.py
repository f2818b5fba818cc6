import torch
import torch.nn as nn
from torch.export import Dim


class MirrorPad(nn.Module):
    """Concatenates x with its reversal and adds a bias track of the same length."""

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        mirrored = torch.cat([x, x.flip(0)], dim=0)
        return mirrored + bias


model = MirrorPad()
example_args = (torch.randn(5, 3), torch.randn(10, 3))
dynamic_shapes = {"x": (Dim.AUTO, None), "bias": (Dim.AUTO, None)}
