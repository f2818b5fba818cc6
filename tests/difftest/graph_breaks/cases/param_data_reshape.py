"""GB6602: assigning a parameter's .data a differently shaped tensor."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(8))

    def forward(self, x):
        self.w.data = torch.ones(4, 8)
        return x * self.w


model = Model()
example_args = (torch.randn(4, 8),)
