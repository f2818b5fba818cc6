"""linalg.qr in its three modes (a tuple of column-major Q and R, Min(m, n) on symbolic sizes), cdist by matrix product (guards on the row counts) and with p=1, argsort (stable and descending), bucketize, linalg.norm over dims and by name, and polar."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def forward(self, x, y, b):
        q, r = torch.linalg.qr(x)
        q2 = torch.linalg.qr(x, mode="complete").Q
        r3 = torch.linalg.qr(x, mode="r")[1]
        d = torch.cdist(x, y)
        d1 = torch.cdist(x, y, p=1)
        s = x.argsort(dim=0, descending=True) + torch.argsort(x, stable=True)
        k = torch.bucketize(x, b) + torch.bucketize(y, b, right=True, out_int32=True).sum()
        n = torch.linalg.norm(x, dim=-1, keepdim=True) + torch.linalg.norm(x, "fro")
        z = torch.polar(x.abs(), x)
        return q @ r, q2, r3, d, d1, s, k, n, z


model = Model()
example_args = (torch.randn(5, 3), torch.randn(6, 3), torch.arange(4.0))
dynamic_shapes = {"x": {0: Dim("n", min=2, max=20)}, "y": {0: Dim("m", min=2, max=20)}, "b": None}
