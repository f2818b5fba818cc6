"""dict.fromkeys and OrderedDict.fromkeys follow CPython."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        a = dict.fromkeys(["a", "b"], 2)
        b = collections.OrderedDict.fromkeys("xyz")
        return x + a["b"] + len(b) + (b["y"] is None)


model = Model().eval()
example_args = (torch.randn(4, 3),)
