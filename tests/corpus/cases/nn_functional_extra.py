import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


class Functional(nn.Module):
    def forward(self, x, seq):
        a = F.glu(F.celu(x, alpha=2.0), dim=-1)
        b = F.softmin(F.softsign(x), dim=-1) + F.tanhshrink(x)
        c = F.lp_pool2d(F.threshold(x, 0.5, -1.0), 2.0, 2)
        d = F.local_response_norm(x, 2)
        e = F.dropout2d(seq, 0.1, training=False)
        cols = F.unfold(x, 2, stride=2)
        f = F.fold(cols, (6, 6), 2, stride=2)
        g = F.hardshrink(F.softshrink(x, 0.2), 0.1) * F.rrelu(x)
        return a, b, c, d, e, f, g


model = Functional()
example_args = (torch.randn(2, 3, 6, 6), torch.randn(2, 4, 5))
dynamic_shapes = {"x": {0: Dim("batch")}, "seq": None}
