# ok
import torch


class Flatten(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.flat = torch.nn.Flatten()

    def forward(self, x):
        a = x.flatten()  # shape: f32[120]
        b = x.flatten(1)  # shape: f32[2, 60]
        c = torch.flatten(x, 1, 2)  # shape: f32[2, 12, 5]
        d = self.flat(x)  # shape: f32[2, 60]
        return a, b, c, d


example_args = (torch.randn(2, 3, 4, 5),)
model = Flatten()
