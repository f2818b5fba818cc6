import torch
import torch.nn as nn
from torch.export import Dim


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x).squeeze(-1)


model = Scorer()
example_args = (torch.randn(1, 8),)
batch = Dim("batch", max=64)
dynamic_shapes = {"x": {0: batch}}
