"""test_export_statically_known_true: slice end computed from a quadratic size expression."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y):
        shape = y.shape[0] ** 2 - 3 * y.shape[0]
        end = shape
        return x[:, :end]


model = Foo()
example_args = (torch.randn(4, 4), torch.randn(4, 4))
dynamic_shapes = (
    (torch.export.Dim.DYNAMIC, torch.export.Dim.DYNAMIC),
    (torch.export.Dim.DYNAMIC, torch.export.Dim.DYNAMIC),
)
