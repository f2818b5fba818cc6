import torch
import torch.nn as nn
from torch.export import Dim


class Unpools(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool1 = nn.MaxPool1d(2, return_indices=True)
        self.unpool1 = nn.MaxUnpool1d(2)
        self.pool2 = nn.MaxPool2d(3, stride=2, padding=1, return_indices=True)
        self.unpool2 = nn.MaxUnpool2d(3, stride=2, padding=1)
        self.pool3 = nn.MaxPool3d(2, return_indices=True)
        self.unpool3 = nn.MaxUnpool3d(2)

    def forward(self, seq, img, vol):
        y1, i1 = self.pool1(seq)
        y2, i2 = self.pool2(img)
        y3, i3 = self.pool3(vol)
        return self.unpool1(y1, i1), self.unpool2(y2, i2, output_size=img.size()), self.unpool3(y3, i3)


model = Unpools().eval()
example_args = (torch.randn(2, 4, 8), torch.randn(2, 3, 7, 7), torch.randn(2, 2, 4, 6, 6))
batch = Dim("batch")
dynamic_shapes = {"seq": {0: batch}, "img": {0: batch}, "vol": {0: batch}}
