import torch
import torch.nn as nn
from torch.export import Dim


class FlattenAdd(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return x.flatten() + y


model = FlattenAdd()
example_args = (torch.randn(5, 2), torch.randn(10))
dx = Dim("dx", max=100)
dy = Dim("dy", max=200)
dynamic_shapes = {"x": (dx, None), "y": (dy,)}
