"""test_issue_161902: 2*dx and dx + 1 on two added inputs both specialize."""
import torch
from torch.export import Dim


class Add(torch.nn.Module):
    def forward(self, x, y):
        return x + y


model = Add()
example_args = (torch.randn(2, 3), torch.randn(2, 3))
dx = Dim("dx", min=1, max=2)
dynamic_shapes = {"x": (2 * dx, Dim.STATIC), "y": (dx + 1, Dim.STATIC)}
