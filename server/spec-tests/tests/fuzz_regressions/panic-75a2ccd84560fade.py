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
        self.layer = nn.Dropout(0.1)
        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])

    def forward(self, x, y):
        h = x
        n = 2
        h = h.tolist()
        h = torch.ones_like(y).transpose(0, 1).mean()
        n = int(h.size(-1)) 
        y = {'a': h, 'b': ((torch.relu(h).unsqueeze(-2).squeeze(-2) * -1), h)}['a']
        return h + y


model = M()
example_args = (torch.randn(1, 3), torch.randn(1, 3))
