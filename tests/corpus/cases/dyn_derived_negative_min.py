import torch
import torch.nn as nn
from torch.export import Dim


class TokensToGroups(nn.Module):
    """A derived dim `4*_n - 3` whose root starts at 0 would be negative: torch refuses the spec."""

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        body = tokens[1:]
        return body.view(-1, 4)


model = TokensToGroups()
example_args = (torch.randn(13),)
_n = Dim("_n", max=100)
n = 4 * _n - 3
dynamic_shapes = {"tokens": (n,)}
