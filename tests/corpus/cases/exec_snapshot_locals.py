"""exec in a function writes a snapshot of its locals: x is unchanged afterwards (non-strict); strict breaks (GB0059)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        exec("x = x + 1")
        y = eval("x * 2")
        return y


model = Model().eval()
example_args = (torch.randn(4, 3),)
