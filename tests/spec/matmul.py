# ok
import torch
from torch.export import Dim


class MatMul(torch.nn.Module):
    def forward(self, a, b, m, v):
        x = a @ b  # shape: f32[s0, 3, 5]
        y = torch.bmm(a, b.expand(a.size(0), -1, -1))  # shape: f32[s0, 3, 5]
        z = m.mm(m.t())  # shape: f32[6, 6]
        w = torch.matmul(m, v)  # shape: f32[6]
        e = torch.einsum("bij,jk->bik", a, b)  # shape: f32[s0, 3, 5]
        return x, y, z, w, e


example_args = (torch.randn(2, 3, 4), torch.randn(4, 5), torch.randn(6, 7), torch.randn(7))
dynamic_shapes = {"a": {0: Dim("batch")}, "b": None, "m": None, "v": None}
model = MatMul()
