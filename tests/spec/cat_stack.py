# ok
import torch
from torch.export import Dim


class CatStack(torch.nn.Module):
    def forward(self, x, y, z):
        a = torch.cat([x, y], dim=0)  # shape: f32[s0 + s1, 3]
        b = torch.cat((z, z), 1)  # shape: f32[2, 6]
        c = torch.stack([z, z, z])  # shape: f32[3, 2, 3]
        d = torch.stack((z, z), dim=-1)  # shape: f32[2, 3, 2]
        return a, b, c, d


example_args = (torch.randn(2, 3), torch.randn(4, 3), torch.randn(2, 3))
dynamic_shapes = {"x": {0: Dim("a")}, "y": {0: Dim("b")}, "z": None}
model = CatStack()
