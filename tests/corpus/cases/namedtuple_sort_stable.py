"""sort(stable=True) records aten.sort.stable with its options as keywords."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        r = torch.sort(x, dim=0, stable=True, descending=True)
        return r.values, r.indices


model = Model().eval()
example_args = (torch.randn(4, 3),)
