"""test_derived_dim_repeat_derived: the same derived Dim on two inputs."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, u, v):
        return u[::2] + v[::2]


model = Foo()
example_args = (torch.randn(10), torch.randn(10))
dimw = Dim("dimx", min=3, max=6) * 2
dynamic_shapes = ({0: dimw}, {0: dimw})
