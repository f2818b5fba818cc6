import torch
import torch.nn as nn
from torch.export import Dim


class Normalize(nn.Module):
    def forward(self, x: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        x = x - x.mean(dim=0, keepdim=True)
        return x * scale


model = Normalize()
example_args = (torch.randn(12, 6), torch.randn(6))
dynamic_shapes = {"x": (Dim.DYNAMIC(min=2, max=256), Dim.STATIC), "scale": (Dim.STATIC,)}
