import torch
import torch.nn as nn
from torch.export import Dim


class Residual(nn.Module):
    def forward(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        return torch.relu(x) + skip


model = Residual()
example_args = (torch.randn(6, 4), torch.randn(6, 4))
dx = Dim("dx")
dy = Dim("dy")
dynamic_shapes = {"x": {0: dx}, "skip": {0: dy}}
