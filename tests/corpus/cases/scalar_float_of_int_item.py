"""float() of an integer read from data: strict records torch.sym_float; non-strict specializes (data-dependent)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = float(x.long().sum().item())
        return x * n


model = Model().eval()
example_args = (torch.randn(4, 3),)
