import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim
from torch.nn.modules.padding import ReflectionPad2d


class Resizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = nn.modules.padding.ReplicationPad2d(1)
        self.reflect = ReflectionPad2d(2)
        self.up = nn.Upsample(scale_factor=1.5, mode="bilinear")
        self.smooth = nn.UpsamplingBilinear2d(size=(9, 7))

    def forward(self, x, seq):
        a = self.up(self.reflect(self.pad(x)))
        b = F.interpolate(x, size=5)
        c = F.interpolate(x, scale_factor=(2, 3), mode="bicubic", align_corners=True)
        d = F.interpolate(seq, scale_factor=2, mode="linear")
        e = F.interpolate(x, size=(4, 4), mode="area")
        f = F.interpolate(x, scale_factor=2, mode="nearest-exact")
        return a, b, c, d, e, f, self.smooth(x)


model = Resizer().eval()
example_args = (torch.randn(2, 3, 8, 8), torch.randn(2, 4, 10))
dynamic_shapes = {"x": {0: Dim("batch")}, "seq": {0: Dim("batch")}}
