# -*- coding: latin-1 -*-
"""Café naïve © A dynamic_shapes spec that the model contradicts.

`x + y` forces the two batch dims to be equal, and `torch.ones(16)` pins the
feature dim to 16: torch.export rejects the spec and suggests
`dy = dx` and `df = 16`.
"""
import torch
from torch.export import Dim


class Mixer(torch.nn.Module):
    def forward(self, x, y):
        h = x + y
        return h * torch.ones(16)


dx, dy, df = Dim("dx"), Dim("dy"), Dim("df")
dy = dx
df = 16
model = Mixer()
example_args = (torch.randn(8, 16), torch.randn(8, 16))
dynamic_shapes = {"x": {0: dx, 1: df}, "y": {0: dy, 1: df}}
