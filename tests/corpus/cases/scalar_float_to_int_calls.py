"""math.floor/ceil/trunc and round of a float read from data record their calls and stay symbolic (FloorToInt(zuf0)...), in both modes."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        f = x.sum().item()
        return x + math.floor(f), x - math.ceil(f), x * math.trunc(f), x + round(f)


model = Model().eval()
example_args = (torch.randn(4, 3),)
