"""cdist's choice of its matrix-product path on symbolic row counts: with p=2 and no compute_mode the kernel asks whether either row count passes 25 (guards narrowing Dim.AUTO ranges), a batch broadcasts; with compute_mode given it asks nothing."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def forward(self, x, y, u, v):
        a = torch.cdist(x, y)
        b = torch.cdist(u, v)
        c = torch.cdist(x, y, compute_mode="donot_use_mm_for_euclid_dist")
        return a, b, c


model = Model()
example_args = (torch.randn(2, 4, 3), torch.randn(1, 6, 3), torch.randn(40, 3), torch.randn(7, 3))
dynamic_shapes = {
    "x": {0: Dim.AUTO, 1: Dim.AUTO},
    "y": {1: Dim.AUTO},
    "u": {0: Dim.AUTO},
    "v": {0: Dim.AUTO},
}
