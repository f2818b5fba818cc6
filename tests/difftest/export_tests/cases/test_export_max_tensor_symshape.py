"""test_export_max_nonstrict: max() of a tensor and a dynamic size (fails in both modes)."""
import torch
from torch.export import Dim


class FooMaxTensorsSymShape(torch.nn.Module):
    def forward(self, x):
        return max(x, x.shape[0])


model = FooMaxTensorsSymShape()
example_args = (torch.randn(4, 4),)
dynamic_shapes = {"x": {0: torch.export.Dim.AUTO}}
