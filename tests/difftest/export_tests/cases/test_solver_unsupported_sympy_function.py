"""test_solver_unsupported_sympy_function: interpolate down and up by scale factors with Dim.AUTO sizes."""
import torch
from torch.export import Dim


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        x = torch.nn.functional.interpolate(
            x, scale_factor=0.5, mode="bilinear"
        )
        x = torch.nn.functional.interpolate(
            x, scale_factor=2.0, mode="bilinear"
        )
        x = x + y
        return x


model = MyModule().eval()
example_args = (torch.rand((1, 1, 32, 32)), torch.rand((1, 1, 32, 32)))
dim = Dim.AUTO
dynamic_shapes = {"x": {2: dim, 3: dim}, "y": {2: dim, 3: dim}}
