import torch
import torch.nn as nn
from torch.export import Dim


class PatchEmbed1d(nn.Module):
    """Cuts a flat signal into non-overlapping patches of 8 samples."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 16)

    def forward(self, signal: torch.Tensor) -> torch.Tensor:
        batch = signal.shape[0]
        patches = signal.reshape(batch, -1, 8)
        return self.proj(patches)


model = PatchEmbed1d()
example_args = (torch.randn(3, 64),)
dynamic_shapes = {"signal": (Dim.AUTO, Dim.AUTO)}
