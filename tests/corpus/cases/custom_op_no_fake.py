"""A torch.library.custom_op without a fake implementation: export fails in both modes (torch needs one to trace it)."""
import torch
from torch import nn


@torch.library.custom_op("exportlens_nofake::sine", mutates_args=())
def sine(x: torch.Tensor) -> torch.Tensor:
    return x.sin()


class Model(nn.Module):
    def forward(self, x):
        return sine(x) + 1


model = Model()
example_args = (torch.randn(4, 3),)
