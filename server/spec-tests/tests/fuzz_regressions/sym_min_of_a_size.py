# Found by the pipeline fuzzer (seed 20261127, between inputs 270,000 and 280,000): a
# `Min(100, s77)` size used as an op argument was rebuilt from its own atom
# over and over (sym_arg -> sym_leaf -> sym_arg) until the worker's 64 MB
# stack overflowed and the process aborted. torch records
# `torch.sym_min(100, sym_size_int)`.
import torch
import torch.nn as nn
from torch.export import Dim


class Pool(nn.Module):
    def forward(self, x):
        return x.sum() + torch.sym_min(x.size(0), 100)


model = Pool()
example_args = (torch.randn(4, 6),)
dynamic_shapes = {"x": (Dim.AUTO, None)}
