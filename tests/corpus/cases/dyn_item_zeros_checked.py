import torch
import torch.nn as nn


class PadTo(nn.Module):
    """Allocates a zero buffer whose length is read from a tensor."""

    def forward(self, length: torch.Tensor) -> torch.Tensor:
        n = length.item()
        torch._check(n >= 0)
        torch._check(n <= 128)
        return torch.zeros(n, 3)


model = PadTo()
example_args = (torch.tensor(5),)
