import torch
import torch.nn as nn


class Composed(nn.Module):
    def __init__(self):
        super().__init__()
        self.softsign = nn.Softsign()
        self.tanhshrink = nn.Tanhshrink()
        self.threshold = nn.Threshold(0.1, 2.0)
        self.softmin = nn.Softmin(dim=1)
        self.softmax2d = nn.Softmax2d()

    def forward(self, x):
        y = self.softsign(x) + self.tanhshrink(x)
        return self.threshold(y), self.softmin(x), self.softmax2d(x)


model = Composed().eval()
example_args = (torch.randn(2, 4, 6, 6),)
