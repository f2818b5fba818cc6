# ok
import torch


class Reduce(torch.nn.Module):
    def forward(self, x):
        a = x.sum()  # shape: f32[]
        b = x.sum(1)  # shape: f32[4, 6]
        c = x.sum(dim=1, keepdim=True)  # shape: f32[4, 1, 6]
        d = x.mean((0, 2), keepdim=True)  # shape: f32[1, 5, 1]
        e = x.amax(-1)  # shape: f32[4, 5]
        values, indices = x.max(dim=1)  # shape: i64[4, 6]
        f = x.argmax(1)  # shape: i64[4, 6]
        g = torch.var(x, 0, keepdim=True)  # shape: f32[1, 5, 6]
        return a, b, c, d, e, values, indices, f, g


example_args = (torch.randn(4, 5, 6),)
model = Reduce()
