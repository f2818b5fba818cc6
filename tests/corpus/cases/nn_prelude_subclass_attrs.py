import torch
import torch.nn as nn


class GatedPReLU(nn.PReLU):
    """A user subclass of a prelude module reading its attributes."""

    def __init__(self, channels):
        super().__init__(channels, init=0.1)
        self.gate = nn.GLU(dim=1)
        self.scale = nn.Parameter(torch.ones(channels // 2))

    def forward(self, x):
        y = super().forward(x)
        if isinstance(self.gate, nn.GLU) and self.weight.shape[0] == x.shape[1]:
            y = self.gate(y)
        return y * self.scale.view(1, -1, 1, 1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = GatedPReLU(6)
        self.pool = nn.LPPool2d(2, 2)
        self.drop = nn.Dropout2d(0.1)

    def forward(self, x):
        return self.pool(self.drop(self.act(x)))


model = Net().eval()
example_args = (torch.randn(2, 6, 8, 8),)
