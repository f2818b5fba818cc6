"""test_not_registered_parameter: a Parameter kept in a plain dict attribute."""
import torch


class Basic(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.params = {"foo": torch.nn.Parameter(torch.ones(3, 3))}

    def forward(self, x):
        return x + self.params["foo"]


model = Basic()
example_args = (torch.randn(1, 3),)
