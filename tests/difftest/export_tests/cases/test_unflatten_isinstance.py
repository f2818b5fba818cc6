"""test_unflatten_isinstance: a submodule called twice with a bool argument."""
import torch


class N(torch.nn.Module):
    def forward(self, x, b):
        if b:
            return x + 1
        else:
            return x + 2


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.n = N()

    def forward(self, x):
        return self.n(x + 1, True) + self.n(x + 1, False)


model = M()
example_args = (torch.zeros(4),)
