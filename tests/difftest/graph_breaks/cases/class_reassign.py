"""GB4271: reassigning __class__ of a helper object."""
import torch


class A:
    scale = 1.0


class B:
    scale = 2.0


class Model(torch.nn.Module):
    def forward(self, x):
        o = A()
        o.__class__ = B
        return x * o.scale


model = Model()
example_args = (torch.randn(4, 8),)
