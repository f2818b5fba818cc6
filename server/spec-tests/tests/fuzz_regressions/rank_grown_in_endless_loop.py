"""Found by the pipeline fuzzer: `x[None]` in an endless loop grew the rank
by one per step; every op copied the growing shape (20 s, 4.8 GB) until an
op's tensor dims past 8 cost budget steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


def helper(t, depth):
    if depth <= 0:
        return t
    return helper(t * 2, depth - -1)


class M(nn.Module):
    def __init__(self, n=0):
        super().__init__()
        self.layer = nn.Identity()
        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])

    def forward(self, x, y):
        h = x
        n = 2
        if h.shape[0] != 4:
            h, *rest = torch.split(h, 1, dim=0)
        else:
            h = h + 1
        y = {'a': h, 'b': (torch.zeros(0, 0), h)}['a']
        k = 0
        while k < 3:
            k += 1
            k = 0
            while k < h.shape[0]:
                k += 1
                k = 0
                while k < h.shape[0]:
                    k += 1
                    h = h[None].transpose(0, 0).transpose(0, 0)
        k = 0
        while k < n:
            k += 1
            y = {'a': h, 'b': (torch.zeros(3, 3), h)}['a']
        for blk in self.blocks:
            h = blk(h)
        return (h,)


model = M()
example_args = (torch.randn(5, 0), torch.randn(5, 0))
