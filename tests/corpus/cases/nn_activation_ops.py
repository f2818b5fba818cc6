import torch
import torch.nn as nn
from torch.export import Dim


class Activations(nn.Module):
    def __init__(self):
        super().__init__()
        self.celu = nn.CELU(0.5)
        self.glu = nn.GLU(dim=1)
        self.hardshrink = nn.Hardshrink(0.3)
        self.logsigmoid = nn.LogSigmoid()
        self.prelu = nn.PReLU(8)
        self.rrelu = nn.RReLU()
        self.selu = nn.SELU()
        self.softshrink = nn.Softshrink(0.4)

    def forward(self, x):
        a = self.celu(x) + self.hardshrink(x)
        b = self.logsigmoid(self.prelu(x))
        c = self.rrelu(x) * self.selu(x) - self.softshrink(x)
        return self.glu(a + b), c


model = Activations().eval()
example_args = (torch.randn(2, 8, 5, 5),)
dynamic_shapes = {"x": {0: Dim("batch")}}
