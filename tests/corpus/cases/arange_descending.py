"""Descending arange (negative step) with a symbolic start: torch sizes it (end - start + step + 1) // step."""
import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def forward(self, x):
        a = torch.arange(x.shape[0], 0, -1)
        b = torch.arange(x.shape[0] + 5, 2, -3)
        c = torch.arange(4, -8, -4, dtype=torch.float32)
        return x + a, b, c

model = Model().eval()
example_args = (torch.randn(7),)
dynamic_shapes = {"x": {0: Dim("n", min=3, max=50)}}
