"""GB8977: a class statement inside forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        class Box:
            pass

        b = Box()
        b.v = x * 2
        return b.v


model = Model()
example_args = (torch.randn(4, 8),)
