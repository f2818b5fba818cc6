import torch
from torch import nn
class M(nn.Module):
    def forward(self, x):
        idx = torch.topk(x, 2, dim=-1).indices
        counts = torch.histc(idx.float(), bins=4, min=0, max=3)
        return counts
model = M()
example_args = (torch.randn(8, 4),)
