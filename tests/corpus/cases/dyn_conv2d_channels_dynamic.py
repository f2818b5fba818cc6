import torch
import torch.nn as nn
from torch.export import Dim


class TinyConvNet(nn.Module):
    """Dim.DYNAMIC on the input-channel dim, which Conv2d's weight pins to 3."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, kernel_size=3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.conv(x)).mean(dim=(2, 3))


model = TinyConvNet()
example_args = (torch.randn(2, 3, 16, 16),)
dynamic_shapes = {"x": (Dim.DYNAMIC, Dim.DYNAMIC, None, None)}
