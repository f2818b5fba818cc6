# Found by the pipeline fuzzer (seed 20261126): `torch.cat` of a 0-d
# tensor indexed its missing dim and panicked; torch raises
# "zero-dimensional tensor (at position 0) cannot be concatenated".
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        h = x.mean()
        return torch.cat([torch.ones_like(h), h], dim=0)


model = M()
example_args = (torch.randn(0, 8),)
