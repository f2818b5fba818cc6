import torch
import torch.nn as nn
from torch.export import Dim


class ConvStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 4, kernel_size=3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        torch._check(x.shape[-1] >= 8)
        torch._check(x.shape[-1] <= 4096)
        return self.conv(x)


model = ConvStem()
example_args = (torch.randn(1, 2, 32),)
dynamic_shapes = {"x": (None, None, Dim.DYNAMIC)}
