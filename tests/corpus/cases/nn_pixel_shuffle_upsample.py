import torch
import torch.nn as nn
from torch.export import Dim


class SuperRes(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 12, 3, padding=1)
        self.shuffle = nn.PixelShuffle(2)
        self.unshuffle = nn.PixelUnshuffle(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.resize = nn.Upsample(size=(10, 12), mode="bilinear", align_corners=False)
        self.near = nn.UpsamplingNearest2d(scale_factor=2)

    def forward(self, x):
        y = self.shuffle(self.conv(x))
        z = self.unshuffle(y)
        return self.up(y), self.resize(z), self.near(x)


model = SuperRes().eval()
example_args = (torch.randn(2, 3, 8, 8),)
dynamic_shapes = {"x": {0: Dim("batch")}}
