"""torch.return_types fields: values/indices of max, min, sort and topk, named and by position."""
import collections
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        a = x.max(dim=1).values
        b = torch.min(x, 0).indices
        c = x.sort(-1).values[:, 0:1]
        v, i = torch.topk(x, 2)
        return a + b.sum(), c * x.max(-1)[0].unsqueeze(1), v + i, torch.topk(x, 2).indices


model = Model().eval()
example_args = (torch.randn(4, 3),)
