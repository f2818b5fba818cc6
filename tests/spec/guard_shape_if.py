# ok
import torch
from torch.export import Dim


class ShapeIf(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] > 4:  # guard: x.size()[0] > 4
            return x.sum(0)  # shape: f32[3]
        return x.mean(0)


example_args = (torch.randn(6, 3),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
model = ShapeIf()
