# ok
import torch
from torch.export import Dim


class Broadcast(torch.nn.Module):
    def forward(self, x, y, w):
        a = x + y  # shape: f32[s0, 3]
        b = x.unsqueeze(1) * w  # shape: f32[s0, 5, 3]
        return a, b


batch = Dim("batch")
example_args = (torch.randn(4, 3), torch.randn(3), torch.randn(5, 1))
dynamic_shapes = {"x": {0: batch}, "y": None, "w": None}
model = Broadcast()
