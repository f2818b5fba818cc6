import torch
import torch.nn as nn
from torch.export import Dim


class ConcatHistory(nn.Module):
    def forward(self, x: torch.Tensor, history: torch.Tensor) -> torch.Tensor:
        doubled = torch.cat([x, x], dim=0)
        return doubled * history


model = ConcatHistory()
example_args = (torch.randn(4, 3), torch.randn(8, 3))
dx = Dim("dx")
dy = Dim("dy")
dynamic_shapes = {"x": {0: dx}, "history": {0: dy}}
