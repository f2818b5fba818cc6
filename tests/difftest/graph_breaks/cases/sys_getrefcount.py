"""GB0007: sys.getrefcount on an input in forward."""
import sys
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        refs = sys.getrefcount(x)
        return x * refs


model = Model()
example_args = (torch.randn(4, 8),)
