"""The scatter family on symbolic sizes: scatter_ by value and by source, with reduce=, out-of-place scatter, scatter_add_, scatter_reduce (include_self=False) and masked_scatter; each checks the index against the input and the source (guards)."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def forward(self, x, idx, src):
        a = torch.zeros_like(x).scatter_(1, idx, 1.0)
        b = x.clone().scatter_(0, idx, src, reduce="add")
        c = x.scatter(1, idx, src)
        d = torch.scatter(x, 1, idx, value=2.0, reduce="multiply")
        e = x.clone().scatter_add_(1, idx, src)
        f = x.scatter_reduce(1, idx, src, "amax", include_self=False)
        g = x.clone().scatter_reduce_(1, idx, src, reduce="mean")
        h = x.masked_scatter(x > 0, src.reshape(-1).repeat(4))
        return a, b, c, d, e, f, g, h


model = Model()
example_args = (torch.randn(4, 6), torch.randint(0, 4, (4, 3)), torch.randn(4, 3))
n, k = Dim("n", min=2, max=64), Dim("k", min=1, max=64)
dynamic_shapes = {
    "x": {0: n, 1: Dim("m", min=3, max=64)},
    "idx": {0: n, 1: k},
    "src": {0: n, 1: k},
}
