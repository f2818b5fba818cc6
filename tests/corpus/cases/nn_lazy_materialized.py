import torch
import torch.nn as nn
from torch.export import Dim


class LazyStack(nn.Module):
    """Lazy layers materialized by a first eager call: they become the plain
    layers, with their input sizes read from that call."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.LazyConv1d(4, 3)
        self.c3 = nn.LazyConv3d(2, 1, bias=False)
        self.t2 = nn.LazyConvTranspose2d(3, 2, stride=2)
        self.t3 = nn.LazyConvTranspose3d(2, 1)
        self.fc = nn.LazyLinear(6)

    def forward(self, seq, vol, img):
        a = self.c1(seq)
        b = self.t3(self.c3(vol))
        c = self.t2(img)
        d = self.fc(a.flatten(1))
        sizes = self.fc.in_features + self.c1.in_channels + self.t2.in_channels
        return a, b, c, d * sizes, isinstance(self.fc, nn.Linear)


args = (torch.randn(2, 5, 10), torch.randn(2, 3, 4, 4, 4), torch.randn(2, 7, 5, 5))
model = LazyStack().eval()
model(*args)
example_args = args
dynamic_shapes = {"seq": {0: Dim("batch")}, "vol": {0: Dim("batch")}, "img": {0: Dim("batch")}}
