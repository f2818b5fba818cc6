import torch
import torch.nn as nn
from torch.export import Dim


class TokenProjection(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.proj(tokens) + tokens


model = TokenProjection()
example_args = (torch.randn(2, 9, 16),)
dynamic_shapes = {
    "tokens": (Dim.STATIC, Dim.AUTO(min=2, max=512), Dim.STATIC),
}
