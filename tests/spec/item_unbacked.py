# ok
import torch


class Unbacked(torch.nn.Module):
    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        pad = torch.zeros(k, 3)  # shape: f32[u0, 3]
        out = torch.cat([x, pad])  # shape: f32[u0 + 2, 3]
        return out


example_args = (torch.randn(2, 3), torch.tensor(4))
model = Unbacked()
