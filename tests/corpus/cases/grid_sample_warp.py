"""F.grid_sample in its modes: bilinear with zero padding, nearest with
border padding and align_corners; input and grid share a dynamic batch."""
import torch
import torch.nn.functional as F
from torch.export import Dim

class Warp(torch.nn.Module):
    def forward(self, x, grid):
        a = F.grid_sample(x, grid, align_corners=False)
        b = F.grid_sample(x, grid, mode="nearest", padding_mode="border", align_corners=True)
        return a + b

model = Warp()
example_args = (torch.randn(2, 3, 8, 8), torch.rand(2, 5, 6, 2) * 2 - 1)
dynamic_shapes = {"x": {0: Dim("batch")}, "grid": {0: Dim("batch")}}
