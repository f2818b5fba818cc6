# ok
import torch
from torch.export import Dim


class Slices(torch.nn.Module):
    def forward(self, x):
        a = x[1:]  # shape: f32[s0 - 1, 4]
        b = x[:, :2]  # shape: f32[s0, 2]
        c = x[:-1] + x[1:]  # shape: f32[s0 - 1, 4]
        return a, b, c


example_args = (torch.randn(6, 4),)
dynamic_shapes = {"x": {0: Dim("n", min=3)}}
model = Slices()
