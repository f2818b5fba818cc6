"""eval of a number literal: Dynamo folds it to a constant, so both modes export."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = eval("2 * 3 + 1")
        return x + n


model = Model().eval()
example_args = (torch.randn(4, 3),)
