"""lerp with a number and a tensor weight (and in place), tile with fewer and more repeats than dims, the window functions (kaiser_window with periodic and beta, hann_window) built in __init__ as a buffer and in forward, and torch.is_autocast_enabled (False under export, with or without a device)."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("window", torch.kaiser_window(6, periodic=False, beta=8.0))

    def forward(self, x, y):
        a = x.lerp(y, 0.25)
        b = torch.lerp(x, y, torch.sigmoid(y))
        c = x.clone().lerp_(y, 0.75)
        d = a.tile(2, 1, 3)
        e = torch.tile(b, (2,))
        w = torch.kaiser_window(6) * torch.hann_window(6, periodic=False) + self.window
        if not torch.is_autocast_enabled() and not torch.is_autocast_enabled("cuda"):
            c = c * 2
        return a, b, c, d, e, x * w


model = Model()
example_args = (torch.randn(4, 6), torch.randn(4, 6))
n = Dim("n", min=2, max=64)
dynamic_shapes = {"x": {0: n}, "y": {0: n}}
