"""cummax/cummin return (values, indices) of the input shape; aminmax returns (min, max)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        a = x.cummax(1)
        b = torch.cummin(x, 0)
        c = torch.aminmax(x, dim=1)
        d = x.aminmax()
        return a.values * a.indices, b.values, b.indices, c.min + c.max, d.min, d.max


model = Model().eval()
example_args = (torch.randn(4, 3),)
