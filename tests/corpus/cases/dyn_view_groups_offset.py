import torch
import torch.nn as nn
from torch.export import Dim


class TokensToGroups(nn.Module):
    """Drops a leading class token, then packs the rest into groups of 4."""

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        body = tokens[1:]
        return body.view(-1, 4)


model = TokensToGroups()
example_args = (torch.randn(13),)
n = Dim("n", min=5, max=400)
dynamic_shapes = {"tokens": (n,)}
