"""GB0225: torch.ones(..., requires_grad=True) in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        w = torch.ones(8, requires_grad=True)
        return x * w


model = Model()
example_args = (torch.randn(4, 8),)
