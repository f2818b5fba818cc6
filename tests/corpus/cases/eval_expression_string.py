"""eval of an expression string: non-strict runs it (Python), strict Dynamo fails to trace the builtin (GB0059)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        y = eval("x * 2")
        return y + 1


model = Model().eval()
example_args = (torch.randn(4, 3),)
