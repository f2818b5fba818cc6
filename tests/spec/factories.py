# ok
import torch
from torch.export import Dim


class Factories(torch.nn.Module):
    def forward(self, x):
        n = x.size(0)
        a = torch.zeros(n, 2, dtype=torch.int32)  # shape: i32[s0, 2]
        b = torch.full((3,), 1.5)  # shape: f32[3]
        c = torch.ones_like(x, dtype=torch.bool)  # shape: b8[s0, 4]
        d = torch.arange(n)  # shape: i64[s0]
        e = torch.arange(0.0, 2.0, 0.5)  # shape: f32[4]
        f = x.new_zeros(n * 2)  # shape: f32[2*s0]
        return a, b, c, d, e, f


example_args = (torch.randn(5, 4),)
dynamic_shapes = {"x": {0: Dim("n")}}
model = Factories()
