import torch
import torch.nn as nn
from torch.export import Dim


class Pools(nn.Module):
    def __init__(self):
        super().__init__()
        self.avg = nn.AvgPool2d(2, divisor_override=3)
        self.avg_ceil = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        self.avg1 = nn.AvgPool1d(3, stride=2, ceil_mode=True)
        self.max1 = nn.MaxPool1d(2, return_indices=True)
        self.max2 = nn.MaxPool2d(3, stride=1, dilation=2, ceil_mode=True)
        self.adaptive_max = nn.AdaptiveMaxPool2d((2, 3), return_indices=True)
        self.adaptive1 = nn.AdaptiveAvgPool1d(4)

    def forward(self, img, seq):
        assert self.avg1.kernel_size == (3,) and self.max2.stride == 1
        values, indices = self.adaptive_max(img)
        s, s_idx = self.max1(seq)
        return (
            self.avg(img),
            self.avg_ceil(img),
            self.max2(img),
            values,
            indices,
            self.avg1(seq),
            s,
            s_idx,
            self.adaptive1(seq),
        )


model = Pools()
example_args = (torch.randn(2, 3, 12, 12), torch.randn(2, 3, 16))
dynamic_shapes = {"img": {0: Dim("batch")}, "seq": {0: Dim("n")}}
