"""Input sizes are read (`sym_size.int`) in the order of the input's dims,
whatever order the code uses them in; `cumsum` of a bool mask counts in
int64."""
import torch
from torch.export import Dim


class Model(torch.nn.Module):
    def forward(self, ids):
        positions = torch.arange(ids.shape[1]).unsqueeze(0).expand(ids.shape[0], -1)
        counts = (ids > 0).cumsum(-1)
        return positions + counts


model = Model()
example_args = (torch.randint(0, 5, (2, 7)),)
dynamic_shapes = {"ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
