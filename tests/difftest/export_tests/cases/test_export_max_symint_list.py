"""test_export_max_nonstrict: max()/min() over lists of Dim.AUTO sizes."""
import torch
from torch.export import Dim


class FooMaxTensorsSymInt(torch.nn.Module):
    def forward(self, x, y):
        return max([x.shape[0], y.shape[0], x.shape[0]]) + min(
            [x.shape[0], y.shape[0], x.shape[0]]
        )


model = FooMaxTensorsSymInt()
example_args = (torch.randn(4, 4), torch.randn(4, 4))
dynamic_shapes = {"x": {0: torch.export.Dim.AUTO}, "y": {0: torch.export.Dim.AUTO}}
