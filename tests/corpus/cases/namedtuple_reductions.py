"""kthvalue, median(dim), mode, nanmedian(dim) return (values, indices)."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        k = x.kthvalue(2, 1)
        m = torch.median(x, 1)
        o = x.mode(0)
        n = x.nanmedian(dim=1, keepdim=True)
        return k.values + m.values, k.indices + m.indices, o.values, o[1], n.values, n.indices


model = Model().eval()
example_args = (torch.randn(4, 3),)
