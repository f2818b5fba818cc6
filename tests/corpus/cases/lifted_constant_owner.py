"""A tensor made inside a submodule's forward is lifted as a constant
named under that submodule (`block.lifted_tensor_0`); one made in the
root's forward keeps the bare name. The count runs across the model."""
import torch
from torch import nn


class Scale(nn.Module):
    def forward(self, x):
        return x * torch.tensor([0.5, 2.0, 1.0, 3.0])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Scale()
        self.inner = nn.Sequential(nn.Linear(4, 4), Scale())

    def forward(self, x):
        y = self.block(x) + torch.tensor([1.0, 1.0, 1.0, 1.0])
        return self.inner(y)


model = Model()
example_args = (torch.randn(2, 4),)
