import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


def helper(t, depth):
    if depth <= 0:
        return t
    return helper(t * 2, depth - 1)


class M(nn.Module):
    def __init__(self, n=0):
        super().__init__()
        self.layer = nn.Identity()
        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])

    def forward(self, x, y):
        h = x
        n = 2
        h = self.layer(torch.ones_like(y)).mean()
        for blk in self.blocks:
            h = blk(h)
        h, *rest = torch.split(h, 1, dim=0)
        k = 0
        while k < h.shape[0]:
            k += 1
            torch._check(h.shape[0] == 0)
        h = F.layer_norm(torch.relu(y.unsqueeze(5).squeeze(5)), (2,))
        if h.shape[0] == 4:
            n = int(h.size(-1)) 
        else:
            h = h + 1
        return (h,)


model = M()
example_args = (torch.randn(2, 4), torch.randn(2, 4))
dynamic_shapes = {'x': {0: Dim('b', max=64)}, 'y': {0: Dim.STATIC}}
