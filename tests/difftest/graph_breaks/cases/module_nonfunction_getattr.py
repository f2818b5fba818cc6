"""GB0256: nn.Module subclass whose __getattr__ is a callable object."""
import torch


class Lookup:
    def __call__(self, name):
        return 2.0


class Model(torch.nn.Module):
    __getattr__ = Lookup()

    def forward(self, x):
        return x * self.scale


model = Model()
example_args = (torch.randn(4, 8),)
