import torch
import torch.nn as nn
from torch.export import Dim


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(24, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)


model = Head()
example_args = (torch.randn(5, 24),)
# AUTO everywhere: the batch stays dynamic, the feature dim quietly becomes 24
dynamic_shapes = {"x": (Dim.AUTO, Dim.AUTO)}
