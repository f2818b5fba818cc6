"""GB4695: a torch.jit.script'ed submodule called from forward."""
import torch


class Inner(torch.nn.Module):
    def forward(self, x):
        return x.relu() + 1


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.jit.script(Inner())

    def forward(self, x):
        return self.inner(x) * 2


model = Model()
example_args = (torch.randn(4, 8),)
