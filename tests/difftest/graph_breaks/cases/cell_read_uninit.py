"""GB0091: closure reads a cell assigned after the closure is called."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        def get():
            return scale

        y = x * get()
        scale = 2.0
        return y


model = Model()
example_args = (torch.randn(4, 8),)
