# error[constraint_violation]
import torch
from torch.export import Dim


class AddNamed(torch.nn.Module):
    def forward(self, x, y):
        return x + y  # guard: Eq(x.size()[0], y.size()[0])


example_args = (torch.randn(3, 4), torch.randn(3, 4))
dynamic_shapes = {"x": {0: Dim("dx")}, "y": {0: Dim("dy")}}
model = AddNamed()
