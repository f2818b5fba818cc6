"""GB0244: nn.Parameter created in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        scale = torch.nn.Parameter(torch.ones(8))
        return x * scale


model = Model()
example_args = (torch.randn(4, 8),)
