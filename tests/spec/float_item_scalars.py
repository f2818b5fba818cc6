# ok
# Python numbers made of a float read from tensor data: math.floor,
# math.ceil, math.trunc and round record their calls and stay symbolic
# (FloorToInt(zuf0), ...), in both modes, as long as nothing decides on them.
import math

import torch


class FloatScalars(torch.nn.Module):
    def forward(self, x):
        f = x.sum().item()
        a = x + math.floor(f)  # shape: f32[4, 3]
        b = x * round(f)  # shape: f32[4, 3]
        c = x - math.ceil(f) + math.trunc(f)  # shape: f32[4, 3]
        return a, b, c


example_args = (torch.randn(4, 3),)
model = FloatScalars()
