"""bytearray(n) and from a list: lengths, items and iteration as in CPython."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        a = bytearray(4)
        b = bytearray([1, 2, 3])
        return x + len(a) + a[0], x + sum(b) + b[2]


model = Model().eval()
example_args = (torch.randn(4, 3),)
