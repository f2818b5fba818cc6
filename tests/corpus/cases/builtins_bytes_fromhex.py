"""bytes.fromhex: non-strict runs it; strict Dynamo has no such method call (GB0156)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        v = bytes.fromhex("00ff")
        return x + len(v)


model = Model().eval()
example_args = (torch.randn(4, 3),)
