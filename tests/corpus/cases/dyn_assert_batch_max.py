import torch
import torch.nn as nn
from torch.export import Dim


class BoundedBatchMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.shape[0] <= 64, "batch too large for this kernel"
        return torch.relu(self.fc(x))


model = BoundedBatchMLP()
example_args = (torch.randn(8, 12),)
batch = Dim("batch")
dynamic_shapes = {"x": {0: batch}}
