import torch
import torch.nn as nn


class TakeFirstN(nn.Module):
    """Keeps the first `count` rows, where count arrives as a tensor."""

    def forward(self, rows: torch.Tensor, count: torch.Tensor) -> torch.Tensor:
        n = count.item()
        torch._check_is_size(n)
        torch._check(n <= rows.shape[0])
        return rows[:n].sum(0)


model = TakeFirstN()
example_args = (torch.randn(10, 4), torch.tensor(6))
