import torch
import torch.nn as nn
from torch.export import Dim


class Patches(nn.Module):
    def __init__(self):
        super().__init__()
        self.unfold = nn.Unfold((2, 3), padding=1, stride=2)
        self.fold = nn.Fold(output_size=(4, 5), kernel_size=2)
        self.deconv = nn.ConvTranspose3d(4, 3, 2, stride=2)

    def forward(self, img, cols, vol):
        return self.unfold(img), self.fold(cols), self.deconv(vol)


model = Patches().eval()
example_args = (torch.randn(2, 4, 6, 6), torch.randn(2, 12, 12), torch.randn(2, 4, 2, 3, 3))
batch = Dim("batch")
dynamic_shapes = {"img": {0: batch}, "cols": {0: batch}, "vol": {0: batch}}
