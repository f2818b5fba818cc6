import torch
import torch.nn as nn
from torch.export import Dim


class TruncateLong(nn.Module):
    """A bounded DYNAMIC batch whose size picks a Python branch in forward."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.shape[0] > 16:
            return x[:16] * 0.5
        return x * 2.0


model = TruncateLong()
example_args = (torch.randn(20, 4),)
dynamic_shapes = {"x": (Dim.DYNAMIC(min=2, max=64), None)}
