"""test_basic: a list input indexed in forward."""
import torch


class Module(torch.nn.Module):
    def forward(self, x, y):
        return x[0] + y


model = Module()
example_args = ([torch.ones(1, 3)], torch.ones(1, 3))
