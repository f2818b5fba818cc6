# ok
import torch
from torch.export import Dim


class Mlp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 4, bias=False)

    def forward(self, x, seq):
        h = self.fc1(x)  # shape: f32[s0, 16]
        h = torch.relu(h)  # shape: f32[s0, 16]
        out = self.fc2(h)  # shape: f32[s0, 4]
        s = self.fc1(seq)  # shape: f32[2, 5, 16]
        return out, s


example_args = (torch.randn(3, 8), torch.randn(2, 5, 8))
dynamic_shapes = {"x": {0: Dim("b")}, "seq": None}
model = Mlp()
