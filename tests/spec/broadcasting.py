# ok
import torch


class Broadcast(torch.nn.Module):
    def forward(self, x, y, z):
        a = x + y  # shape: f32[4, 3]
        b = a * 2.0  # shape: f32[4, 3]
        c = a.unsqueeze(0) - z  # shape: f32[2, 4, 3]
        d = torch.maximum(b, y)  # shape: f32[4, 3]
        return c, d


example_args = (torch.randn(4, 1), torch.randn(3), torch.randn(2, 1, 1))
model = Broadcast()
