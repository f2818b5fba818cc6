"""test_dynamic_shapes_wrapped_with_shape_guards: *args forward calling super().forward with Dim.DYNAMIC batches."""
import torch
from torch.export import Dim


class Neuron(torch.nn.Module):
    def __init__(self, n_dims: int = 5, n_targets: int = 3):
        super().__init__()
        self.linear = torch.nn.Linear(n_dims, n_targets)

    def forward(self, x, y):
        return torch.sigmoid(self.linear(x + y))


class Wrapped(Neuron):
    def forward(self, *args):
        return super().forward(*args)


model = Wrapped()
example_args = (torch.randn(2, 5), torch.randn(2, 5))
dynamic_shapes = {"args": ({0: Dim.DYNAMIC}, {0: Dim.DYNAMIC})}
