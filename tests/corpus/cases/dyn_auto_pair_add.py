import torch
import torch.nn as nn
from torch.export import Dim


class GatedSum(nn.Module):
    """Two fully AUTO inputs combined elementwise, so export ties their dims together."""

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return a + torch.sigmoid(b) * a.shape[1]


model = GatedSum()
example_args = (torch.randn(5, 3), torch.randn(5, 3))
dynamic_shapes = {"a": (Dim.AUTO, Dim.AUTO), "b": (Dim.AUTO, Dim.AUTO)}
