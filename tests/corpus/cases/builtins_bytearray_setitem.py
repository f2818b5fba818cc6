"""Item assignment on a bytearray: non-strict runs it; strict Dynamo breaks (GB7786)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        v = bytearray([1, 2, 3])
        v[0] = 7
        v.append(9)
        return x + sum(v) + len(v)


model = Model().eval()
example_args = (torch.randn(4, 3),)
