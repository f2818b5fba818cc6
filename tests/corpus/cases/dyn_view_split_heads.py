import torch
import torch.nn as nn
from torch.export import Dim


class SplitHeads(nn.Module):
    def __init__(self, heads: int = 4):
        super().__init__()
        self.heads = heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        y = x.view(b, t, self.heads, d // self.heads)
        return y.transpose(1, 2)


model = SplitHeads()
example_args = (torch.randn(2, 9, 32),)
batch = Dim("batch", max=64)
seq = Dim("seq", max=2048)
dynamic_shapes = {"x": {0: batch, 1: seq}}
