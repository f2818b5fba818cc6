# ok
import torch
from torch.export import Dim


class Views(torch.nn.Module):
    def forward(self, x, y):
        a = x.view(-1, 6)  # shape: f32[4*s0, 6]
        b = x.reshape(x.size(0), -1)  # shape: f32[s0, 24]
        c = y.view(2, -1, 3)  # shape: f32[2, 4, 3]
        d = y.reshape(-1)  # shape: f32[24]
        return a, b, c, d


example_args = (torch.randn(3, 4, 6), torch.randn(4, 6))
dynamic_shapes = {"x": {0: Dim("n")}, "y": None}
model = Views()
