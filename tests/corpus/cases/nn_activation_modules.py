import torch
import torch.nn as nn
from torch.export import Dim


class Activations(nn.Module):
    # In-place forms record the in-place op; Softmax/LogSoftmax without a
    # dim take torch's legacy choice (0 for a 3-d input, 1 for 2-d or 4-d).
    def __init__(self):
        super().__init__()
        self.relu6 = nn.ReLU6(inplace=True)
        self.hardtanh = nn.Hardtanh(-2.0, 2.0)
        self.leaky = nn.LeakyReLU(0.2, inplace=True)
        self.elu = nn.ELU(alpha=0.5)
        self.softplus = nn.Softplus(beta=2.0, threshold=10.0)
        self.gelu = nn.GELU(approximate="tanh")
        self.silu = nn.SiLU(inplace=True)
        self.mish = nn.Mish()
        self.hardswish = nn.Hardswish()
        self.hardsigmoid = nn.Hardsigmoid(inplace=True)
        self.sigmoid = nn.Sigmoid()
        self.tanh = nn.Tanh()
        self.softmax = nn.Softmax()
        self.log_softmax = nn.LogSoftmax()
        self.drop = nn.Dropout(0.25)

    def forward(self, x, y):
        h = self.hardtanh(self.relu6(x * 2))
        h = self.elu(self.leaky(h - 1))
        h = self.gelu(self.softplus(h))
        h = self.mish(self.silu(h + 0.5))
        h = self.sigmoid(self.hardsigmoid(self.hardswish(h)))
        return self.softmax(self.tanh(h)), self.log_softmax(self.drop(y))


model = Activations().eval()
example_args = (torch.randn(2, 3, 5), torch.randn(4, 6))
dynamic_shapes = {"x": {2: Dim("t")}, "y": {0: Dim("n")}}
