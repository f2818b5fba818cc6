"""round(f, 2) of a float read from data records builtins.round and stays a float (RoundDecimal)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return x + round(x.sum().item(), 2)


model = Model().eval()
example_args = (torch.randn(4, 3),)
