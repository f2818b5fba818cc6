import torch
import torch.nn as nn
from torch.export import Dim


class HeaderedFrames(nn.Module):
    """Header samples then frames of 4, the length spec'd as `4*_n - 3`: negative at _n = 0 (the default min), so torch refuses the spec."""

    def forward(self, signal: torch.Tensor) -> torch.Tensor:
        frames = signal[3:].reshape(-1, 4)
        return frames.mean(dim=-1)


model = HeaderedFrames()
example_args = (torch.randn(9),)
_n = Dim("_n", max=64)
dynamic_shapes = {"signal": (4 * _n - 3,)}
