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
# a single sample as the example: AUTO specializes the batch to 1
example_args = (torch.randn(1, 8),)
dynamic_shapes = {"x": (Dim.AUTO, Dim.STATIC)}
