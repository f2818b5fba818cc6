import torch
import torch.nn as nn


class ColumnBalancer(nn.Module):
    """Divides scores by the average column total, computed in plain Python."""

    def __init__(self, n_cols: int = 10**12):
        super().__init__()
        self.proj = nn.Linear(n_cols, n_cols)

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        totals = scores.sum(dim=0).tolist()
        average = sum(totals) / len(totals)
        return self.proj(scores / average)


model = ColumnBalancer()
example_args = (torch.rand(4, 6),)
