import torch
import torch.nn as nn
from torch.export import Dim


class Paddings(nn.Module):
    """Convolutions whose padding_mode pads explicitly (reflect, circular,
    replicate) and string paddings ('same' with dilation, 'valid')."""

    def __init__(self):
        super().__init__()
        self.reflect = nn.Conv2d(3, 4, 3, padding=1, padding_mode="reflect")
        self.circular = nn.Conv1d(3, 4, 3, padding=2, padding_mode="circular")
        self.replicate = nn.Conv3d(3, 2, 3, padding=(1, 0, 1), padding_mode="replicate")
        self.same = nn.Conv2d(4, 4, (3, 4), padding="same", dilation=2, groups=2)
        self.same_reflect = nn.Conv2d(4, 4, 4, padding="same", padding_mode="reflect")
        self.valid = nn.Conv1d(4, 2, 3, padding="valid")

    def forward(self, img, seq, vol):
        x = self.reflect(img)
        y = self.same_reflect(self.same(x))
        s = self.valid(self.circular(seq))
        v = self.replicate(vol)
        k = self.same.kernel_size[1] + self.same.dilation[0] + len(self.reflect._reversed_padding_repeated_twice)
        return x, y * k, s, v, self.same.padding, self.reflect.padding, self.valid.stride


model = Paddings().eval()
example_args = (torch.randn(2, 3, 8, 8), torch.randn(2, 3, 9), torch.randn(2, 3, 5, 6, 6))
dynamic_shapes = {"img": {0: Dim("batch")}, "seq": {0: Dim("batch")}, "vol": {0: Dim("batch")}}
