import torch
import torch.nn as nn


class PowerPools(nn.Module):
    def __init__(self):
        super().__init__()
        self.p1 = nn.LPPool1d(2, 3, stride=2)
        self.p2 = nn.LPPool2d(1.5, (2, 3))
        self.p3 = nn.LPPool3d(3, 2)

    def forward(self, seq, img, vol):
        return self.p1(seq), self.p2(img), self.p3(vol)


model = PowerPools().eval()
example_args = (torch.rand(2, 4, 9), torch.rand(2, 3, 6, 6), torch.rand(1, 2, 4, 4, 4))
