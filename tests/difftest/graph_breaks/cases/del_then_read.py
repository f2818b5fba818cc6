"""GB0011: reading a local after `del` (undefined local variable)."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x + 1
        del y
        return y


model = Model()
example_args = (torch.randn(4, 8),)
