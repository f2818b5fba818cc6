# ok
import torch
from torch.export import Dim


class AddAuto(torch.nn.Module):
    def forward(self, x, y):
        z = x + y  # guard: Eq(x.size()[0], y.size()[0])  # shape: f32[s0, 4]
        return z.relu()


example_args = (torch.randn(3, 4), torch.randn(3, 4))
dynamic_shapes = {"x": {0: Dim.AUTO}, "y": {0: Dim.AUTO}}
model = AddAuto()
