import torch
import torch.nn as nn


class GatherActive(nn.Module):
    def forward(self, mask: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        idx = mask.nonzero().squeeze(-1)
        torch._check(idx.shape[0] >= 1)
        return values[idx].mean(0)


model = GatherActive()
example_args = (torch.tensor([True, False, True, True]), torch.randn(4, 3))
