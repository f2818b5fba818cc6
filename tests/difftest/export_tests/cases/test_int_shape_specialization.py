"""test_int_shape_specialization: int() of sizes specializes Dim.DYNAMIC dims of interpolate."""
import torch.nn.functional as F
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        ori_size = (
            int(x.shape[-2] / 1),
            int(x.shape[-1] / 1),
        )
        x = F.interpolate(x, size=ori_size, mode="bilinear")
        return x


model = M()
example_args = (torch.rand(1, 3, 28, 28),)
dynamic_shapes = {"x": {2: torch.export.Dim.DYNAMIC, 3: torch.export.Dim.DYNAMIC}}
