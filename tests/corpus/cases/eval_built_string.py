"""eval of a string built at run time (known to the tracer): non-strict runs it, strict breaks."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        op = "relu"
        return eval("torch." + op + "(x)")


model = Model().eval()
example_args = (torch.randn(4, 3),)
