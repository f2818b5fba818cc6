"""GB0125: requires_grad_() on an input inside forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        x.requires_grad_()
        return x * 2


model = Model()
example_args = (torch.randn(4, 8),)
