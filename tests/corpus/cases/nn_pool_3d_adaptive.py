import torch
import torch.nn as nn
from torch.export import Dim


class Pools(nn.Module):
    def __init__(self):
        super().__init__()
        self.max3 = nn.MaxPool3d(2)
        self.avg3 = nn.AvgPool3d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        self.aavg3 = nn.AdaptiveAvgPool3d((2, 3, 3))
        self.amax3 = nn.AdaptiveMaxPool3d(2)
        self.amax1 = nn.AdaptiveMaxPool1d(3, return_indices=True)

    def forward(self, vol, seq):
        values, indices = self.amax1(seq)
        return self.max3(vol), self.avg3(vol), self.aavg3(vol), self.amax3(vol), values, indices


model = Pools().eval()
example_args = (torch.randn(2, 4, 4, 6, 6), torch.randn(2, 4, 9))
dynamic_shapes = {"vol": {0: Dim("batch")}, "seq": None}
