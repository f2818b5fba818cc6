import torch
import torch.nn as nn
from torch.export import Dim, ShapesCollection


class MaskedMeanPool(nn.Module):
    """Averages token vectors under a padding mask, with inputs packed in a dict and shapes given per tensor."""

    def forward(self, batch: dict) -> torch.Tensor:
        tokens, mask = batch["tokens"], batch["mask"]
        summed = (tokens * mask.unsqueeze(-1)).sum(dim=1)
        return summed / mask.sum(dim=1, keepdim=True).clamp(min=1.0)


model = MaskedMeanPool()
tokens = torch.randn(4, 12, 32)
mask = torch.ones(4, 12)
example_args = ({"tokens": tokens, "mask": mask},)
n, seq = Dim("n", max=64), Dim("seq", max=512)
dynamic_shapes = ShapesCollection()
dynamic_shapes[tokens] = {0: n, 1: seq}
dynamic_shapes[mask] = (n, seq)
