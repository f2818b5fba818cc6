import torch
import torch.nn as nn
from torch.export import Dim


class Blend(nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return 0.5 * a + 0.5 * b


model = Blend()
example_args = (torch.randn(7, 3), torch.randn(7, 3))
dynamic_shapes = {"a": (Dim.DYNAMIC, None), "b": (Dim.DYNAMIC, None)}
