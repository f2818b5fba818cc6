import torch
import torch.nn as nn


class Block(nn.Module):
    """ConvNeXt's layer scale: `self.scale * self.block(x)` reads the
    parameter before the block runs. Strict mode lifts parameters in the
    order `forward` reads them; non-strict in registration order."""

    def __init__(self):
        super().__init__()
        self.block = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.ones(4))
        self.bias = nn.Parameter(torch.zeros(4))

    def forward(self, x):
        y = self.scale * self.block(x)
        return y + self.bias


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Block()
        self.second = Block()

    def forward(self, x):
        return self.second(self.first(x))


example_args = (torch.randn(2, 4),)
model = Net()
