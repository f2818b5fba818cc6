"""int(t.item()) as a tensor operand: strict records math.trunc; non-strict SymFloat.__int__ must specialize (data-dependent)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return x + int(x.sum().item())


model = Model().eval()
example_args = (torch.randn(4, 3),)
