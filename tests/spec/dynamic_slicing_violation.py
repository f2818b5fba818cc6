# error[constraint_violation]
# `x[:-1] + x[1:]` needs the sliced size s0 - 1 to differ from 1, which the
# default range of `n` ([2, int_oo]) does not promise.
import torch
from torch.export import Dim


class Slices(torch.nn.Module):
    def forward(self, x):
        return x[:-1] + x[1:]  # guard[strict]: Ne(x.size()[0] - 1, 1)


example_args = (torch.randn(6, 4),)
dynamic_shapes = {"x": {0: Dim("n")}}
model = Slices()
