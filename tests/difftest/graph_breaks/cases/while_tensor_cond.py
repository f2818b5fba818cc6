"""GB0170: while loop on a tensor condition."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        while x.abs().max() > 1:
            x = x / 2
        return x


model = Model()
example_args = (torch.randn(4, 8),)
