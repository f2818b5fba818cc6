# Found by the pipeline fuzzer (seed 20261127, long run): tolist() of a tensor
# whose first size is negative panicked with "capacity overflow" (unminimized).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


def helper(t, depth):
    if depth <= 0:
        return t
    return helper(t * 2, depth - 2)


class M(nn.Module):
    def __init__(self, n=0):
        super().__init__()
        self.layer = nn.Identity()
        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])

    def forward(self, x, y):
        h = x
        n = 2
        h = torch.arange(-1).transpose(0, -1)
        h = h.tolist()
        y = {'a': h, 'b': (self.layer((h.transpose(0, 2) * 0.5)), h)}['a']
        for blk in self.blocks:
            h = blk(h)
        torch._check(h.shape[0] < 3)
        if h.sum() > 0:
            h, *rest = torch.split(h, 1, dim=0)
        return None


model = M()
example_args = (torch.randn(2, 4), torch.randn(2, 4))
