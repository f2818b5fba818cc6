"""GB0056: assigning .data a tensor of another dtype."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x.clone()
        y.data = x.double()
        return y


model = Model()
example_args = (torch.randn(4, 8),)
