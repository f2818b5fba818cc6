import torch
import torch.nn as nn
from torch.export import Dim


class GatedResidual(nn.Module):
    """Mixes a hidden state with an update through a learned gate; shapes given as a list by position."""

    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(32, 32)

    def forward(self, hidden: torch.Tensor, update: torch.Tensor) -> torch.Tensor:
        g = torch.sigmoid(self.gate(update))
        return g * update + (1.0 - g) * hidden


model = GatedResidual()
example_args = (torch.randn(5, 32), torch.randn(5, 32))
batch = Dim("batch", max=256)
dynamic_shapes = [(batch, None), (batch, None)]
