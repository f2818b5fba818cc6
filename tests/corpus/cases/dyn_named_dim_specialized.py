import torch
import torch.nn as nn
from torch.export import Dim


class AddPositional(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("pos", torch.arange(8, dtype=torch.float32))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.pos


model = AddPositional()
example_args = (torch.randn(4, 8),)
b = Dim("b")
d = Dim("d")
dynamic_shapes = {"x": (b, d)}
