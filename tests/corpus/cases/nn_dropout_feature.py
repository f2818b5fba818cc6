import torch
import torch.nn as nn
from torch.export import Dim


class ChannelDropouts(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = nn.Dropout1d(0.2)
        self.d2 = nn.Dropout2d(0.3)
        self.d3 = nn.Dropout3d()
        self.alpha = nn.AlphaDropout(0.1)
        self.feature_alpha = nn.FeatureAlphaDropout(0.25)

    def forward(self, seq, img, vol):
        a = self.d1(seq)
        b = self.feature_alpha(self.d2(img))
        c = self.d3(vol)
        return a, self.alpha(b), c


model = ChannelDropouts().eval()
example_args = (torch.randn(2, 4, 8), torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 4, 4))
batch = Dim("batch")
dynamic_shapes = {"seq": {0: batch}, "img": {0: batch}, "vol": {0: batch}}
