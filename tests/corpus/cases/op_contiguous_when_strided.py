import torch
import torch.nn as nn
from torch.export import Dim


class Net(nn.Module):
    """`.contiguous()` records an op only on a strided tensor: after a
    transpose, an inner slice or a split of an inner dimension, not after
    arithmetic, a reshape or a split of the leading dimension."""

    def forward(self, x):
        a = (x * 2).contiguous()
        b = x.transpose(1, 2).contiguous()
        c = x[:, :, 1:].contiguous()
        d = x.reshape(-1, x.shape[2]).contiguous()
        e, f = torch.split(x, [1, 2], dim=1)
        g, h = x.chunk(2, dim=0)
        return a, b, c, d, e.contiguous(), f.contiguous(), g.contiguous(), h


example_args = (torch.randn(2, 3, 4),)
model = Net()
dynamic_shapes = {"x": {2: Dim("w", min=3, max=64)}}
