# ok
import torch


class Cond(torch.nn.Module):
    def forward(self, x):
        def true_fn(t):
            return t.cos()

        def false_fn(t):
            return t.sin()

        out = torch.cond(x.sum() > 0, true_fn, false_fn, (x,))  # shape: f32[3, 4]
        return out + 1  # shape: f32[3, 4]


example_args = (torch.randn(3, 4),)
model = Cond()
