import torch
import torch.nn as nn
from torch.export import Dim


class Padded(nn.Module):
    def __init__(self):
        super().__init__()
        self.pads = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.ReplicationPad2d((1, 2, 0, 1)),
            nn.ZeroPad2d(2),
            nn.ConstantPad2d(1, 0.5),
            nn.CircularPad2d((1, 1, 2, 0)),
        )

    def forward(self, x):
        return self.pads(x)


model = Padded().eval()
example_args = (torch.randn(2, 3, 8, 8),)
dynamic_shapes = {"x": {0: Dim("batch")}}
