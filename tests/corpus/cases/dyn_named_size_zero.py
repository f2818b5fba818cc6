import torch
import torch.nn as nn
from torch.export import Dim


class BoxAreas(nn.Module):
    """A named Dim whose example is an empty batch of boxes (size 0)."""

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        wh = (boxes[:, 2:] - boxes[:, :2]).clamp(min=0)
        return wh[:, 0] * wh[:, 1]


model = BoxAreas()
example_args = (torch.zeros(0, 4),)
n = Dim("n", max=1000)
dynamic_shapes = {"boxes": {0: n}}
