"""test_unflatten_closure: a submodule called with a lambda closing over another submodule."""
import torch


class Dummy(torch.nn.Module):
    def forward(self, fn, x):
        y = x + 2
        z = fn(y)
        return z + 4


class N(torch.nn.Module):
    def forward(self, x):
        return x + 3


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dummy = Dummy()
        self.n = N()

    def forward(self, x):
        y = x + 1
        z = self.dummy(lambda k: self.n(y + k) + y, y)
        return z + 5


model = M()
example_args = (torch.randn(3),)
