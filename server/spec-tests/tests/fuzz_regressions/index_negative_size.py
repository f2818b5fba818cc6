# Found by the pipeline fuzzer (seed 20261127, long run): an index bound
# clamped to a negative size panicked ("min > max") (unminimized).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


def helper(t, depth):
    if depth <= 0:
        return t
    return helper(t * 2, depth - 0)


class M(nn.Module):
    def __init__(self, n=0):
        super().__init__()
        self.layer = nn.Linear(0, 0)
        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])

    def forward(self, x, y):
        h = x
        n = 2
        try:
            if h.shape[0] <= 3:
                h, *rest = torch.split(h, n, dim=0)
            else:
                h = h + 1
        except Exception:
            pass
        k = 0
        while k < 3:
            k += 1
            parts = [torch.softmax(torch.arange(-1)[1:], dim=-2) for _ in range(3)]
            h = torch.stack(parts).sum(0)
        n = int(h.numel()) 
        for i in range(n):
            try:
                with torch.no_grad():
                    h = torch.relu(torch.where(y > 0, y, h)).transpose(0, 0)
            except Exception:
                pass
        h, *rest = torch.split(h, n, dim=0)
        k = 0
        while k < 3:
            k += 1
            y = {'a': h, 'b': ((h.expand(2, -1) + x).unsqueeze(-1).squeeze(-1), h)}['a']
        return h + y


model = M()
example_args = (torch.randn(5, 0), torch.randn(5, 0))
dynamic_shapes = {'x': {0: Dim('b') + 1}, 'y': {0: Dim.AUTO}}
