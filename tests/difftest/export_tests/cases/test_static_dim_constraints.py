"""test_static_dim_constraints: Dims mixed with static ints in tuple specs."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.l = torch.nn.Linear(6, 4)

    def forward(self, x, y, z):
        x0 = self.l(x) + y[1:]
        return x0, z * 2.0


model = Foo()
example_args = (torch.randn(4, 6), torch.randn(5, 4), torch.randn(3, 3))
dx = Dim("dx", min=3, max=6)
dynamic_shapes = ((dx, None), (dx + 1, 4), (Dim("dz", min=3, max=6), 3))
