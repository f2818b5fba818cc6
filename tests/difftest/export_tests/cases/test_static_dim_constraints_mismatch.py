"""test_static_dim_constraints: a static 5 in the spec against an input size of 4."""
import torch


class Foo(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.l = torch.nn.Linear(6, 4)

    def forward(self, x, y, z):
        x0 = self.l(x) + y[1:]
        return x0, z * 2.0


model = Foo()
example_args = (torch.randn(4, 6), torch.randn(5, 4), torch.randn(3, 3))
dynamic_shapes = ((5, None), None, None)
