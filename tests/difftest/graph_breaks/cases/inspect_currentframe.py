"""GB0007: inspect.currentframe() to find the caller."""
import inspect
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        frame = inspect.currentframe()
        return x * (frame is not None)


model = Model()
example_args = (torch.randn(4, 8),)
