import torch
import torch.nn as nn
from torch.export import Dim


class Styler(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.norm = nn.InstanceNorm2d(8, affine=True, track_running_stats=True)
        self.plain = nn.InstanceNorm2d(8)

    def forward(self, x):
        return self.plain(torch.relu(self.norm(self.conv(x))))


model = Styler().eval()
example_args = (torch.randn(2, 3, 16, 16),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("h", min=4, max=64), 3: Dim("w", min=4, max=64)}}
