import torch
import torch.nn as nn
from torch.export import Dim


class MaskedScores(nn.Module):
    """Broadcasts a padding mask over heads and queries with full slices."""

    def forward(self, scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        # A full `:` on `batch` (no upper bound) is recorded as a slice; on
        # `keys` (max=256) torch proves it covers the dim and records none.
        m = mask[:, None, None, :]
        return scores.masked_fill(m, 0.0)


model = MaskedScores()
example_args = (torch.randn(2, 4, 5, 6), torch.zeros(2, 6, dtype=torch.bool))
batch, keys = Dim("batch"), Dim("keys", max=256)
dynamic_shapes = {"scores": {0: batch, 3: keys}, "mask": {0: batch, 1: keys}}
