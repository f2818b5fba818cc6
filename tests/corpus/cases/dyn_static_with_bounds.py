import torch
import torch.nn as nn
from torch.export import Dim


class Pool(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.amax(dim=1)


model = Pool()
example_args = (torch.randn(4, 6),)
dynamic_shapes = {"x": (Dim.AUTO, Dim.STATIC(min=2, max=64))}
