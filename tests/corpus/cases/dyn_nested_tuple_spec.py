import torch
import torch.nn as nn
from torch.export import Dim


class QueryKeyScores(nn.Module):
    def forward(self, pair: tuple) -> torch.Tensor:
        q, k = pair
        return q @ k.transpose(-1, -2)


model = QueryKeyScores()
example_args = ((torch.randn(3, 5, 16), torch.randn(3, 9, 16)),)
batch = Dim("batch", max=32)
lq = Dim("lq", max=512)
lk = Dim("lk", max=512)
dynamic_shapes = {"pair": ((batch, lq, None), (batch, lk, None))}
