import torch
import torch.nn as nn
from torch.export import Dim


class PairPool(nn.Module):
    """A STATIC feature dim that is re-checked with torch._check and then split by a reshape."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        torch._check(x.shape[1] == 8)
        pairs = x.reshape(x.shape[0], 4, 2)
        return pairs.amax(-1)


model = PairPool()
example_args = (torch.randn(6, 8),)
dynamic_shapes = {"x": (Dim.DYNAMIC, Dim.STATIC)}
