# ok
import torch


class Split(torch.nn.Module):
    def forward(self, x):
        a, b = x.chunk(2, dim=1)  # shape: f32[4, 3]
        c, d = x.split([1, 5], dim=1)  # shape: f32[4, 5]
        first, *rest = x.unbind(0)  # shape: f32[6]
        q, k, v = torch.split(x, 2, dim=1)  # shape: f32[4, 2]
        return a + b, c, d, first, rest[0], q * k * v


example_args = (torch.randn(4, 6),)
model = Split()
