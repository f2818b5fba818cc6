"""GB9158: torch._check with a message closure that reads a tensor."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        n = x.shape[0]
        torch._check(n > 0, lambda: f"empty batch {x.sum()}")
        return x + 1


model = Model()
example_args = (torch.randn(4, 8),)
