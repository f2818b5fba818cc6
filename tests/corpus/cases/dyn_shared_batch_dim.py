import torch
import torch.nn as nn
from torch.export import Dim


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(6, 10)

    def forward(self, x: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        return x * torch.sigmoid(self.gate(cond))


model = Gate()
example_args = (torch.randn(5, 10), torch.randn(5, 6))
batch = Dim("batch", min=2, max=1024)
dynamic_shapes = {"x": {0: batch}, "cond": {0: batch}}
