"""The truth of a float read from data (if t.item():) is a data-dependent decision in both modes."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if x.sum().item():
            return x + 1
        return x - 1


model = Model().eval()
example_args = (torch.randn(4, 3),)
