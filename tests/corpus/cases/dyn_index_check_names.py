"""Indexing a tensor of dynamic size runs checks on that size which torch
traces and then drops: a slice in a tuple index tests `size <= stop` (`:` stops at INT64_MAX), an
integer index tests `-size <= i < size`. The dropped `le`/`gt` nodes keep
their names, so the comparisons the model makes itself come after them
(`gt_2`, `le_3`); an `arange` of a dynamic length has its own size read,
which moves the final `sym_size_int` reads along by one."""
import torch
from torch.export import Dim


class FirstToken(torch.nn.Module):
    def forward(self, x):
        first = x[:, 0]
        pos = torch.arange(x.shape[0])
        row = pos[None, :]
        gate = (first > 0).float() + (x[:, 1] <= 1).float()
        return gate * row.reshape(-1, 1).float()


model = FirstToken().eval()
example_args = (torch.randn(4, 6),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
