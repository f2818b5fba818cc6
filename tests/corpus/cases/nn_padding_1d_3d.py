import torch
import torch.nn as nn


class Pads(nn.Module):
    def __init__(self):
        super().__init__()
        self.reflect = nn.ReflectionPad1d((2, 1))
        self.const = nn.ConstantPad1d(3, -1.0)
        self.replicate = nn.ReplicationPad3d(1)
        self.zero = nn.ZeroPad1d(2)

    def forward(self, seq, vol):
        s = self.zero(self.const(self.reflect(seq)))
        v = self.replicate(vol)
        return s, v.sum(dim=(2, 3, 4))


model = Pads().eval()
example_args = (torch.randn(2, 4, 10), torch.randn(2, 4, 3, 4, 5))
