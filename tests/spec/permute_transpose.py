# ok
import torch


class Permute(torch.nn.Module):
    def forward(self, x):
        a = x.permute(2, 0, 1)  # shape: f32[4, 2, 3]
        b = x.transpose(0, 2)  # shape: f32[4, 3, 2]
        c = x.unsqueeze(1)  # shape: f32[2, 1, 3, 4]
        d = c.squeeze(1)  # shape: f32[2, 3, 4]
        e = x[:, :1].expand(2, 5, 4)  # shape: f32[2, 5, 4]
        f = x.movedim(-1, 0)  # shape: f32[4, 2, 3]
        return a, b, d, e, f


example_args = (torch.randn(2, 3, 4),)
model = Permute()
