"""n = int(t.item()) stays symbolic in strict mode (math.trunc) until range(n) needs a Python int; non-strict specializes at int()."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = int(x.sum().item())
        y = x * 2
        for _ in range(n):
            y = y + 1
        return y


model = Model().eval()
example_args = (torch.randn(4, 3),)
