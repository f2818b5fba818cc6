# Found by the pipeline fuzzer (seed 20261126): `itertools.product` of two
# items with `repeat=100000` (2**100000 tuples) was built item by item.
# Combinatorial counts are computed first and refused past the loop limit.
import itertools

import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = len(list(itertools.product([0, 1], repeat=100000)))

    def forward(self, x):
        return x + self.extra


model = M()
example_args = (torch.randn(2, 3),)
