import torch
import torch.nn as nn
from torch.export import Dim


class WindowedMean(nn.Module):
    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        assert frames.shape[1] >= 4
        assert frames.shape[1] <= 256
        return frames.mean(dim=1)


model = WindowedMean()
example_args = (torch.randn(2, 16, 5),)
dynamic_shapes = {"frames": (Dim.AUTO, Dim.AUTO, None)}
