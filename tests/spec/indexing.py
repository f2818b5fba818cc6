# ok
import torch


class Index(torch.nn.Module):
    def forward(self, x):
        a = x[0]  # shape: f32[4, 5]
        b = x[:, 1:3]  # shape: f32[3, 2, 5]
        c = x[..., None]  # shape: f32[3, 4, 5, 1]
        d = x[:, ::2]  # shape: f32[3, 2, 5]
        e = x[-1, :, 0]  # shape: f32[4]
        f = x[1:-1, 2:]  # shape: f32[1, 2, 5]
        return a, b, c, d, e, f


example_args = (torch.randn(3, 4, 5),)
model = Index()
