# ok
import torch
from torch.export import Dim


class Blocks(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, 16)
        self.norm = torch.nn.LayerNorm(16)
        self.body = torch.nn.Sequential(
            torch.nn.Linear(16, 32),
            torch.nn.GELU(),
            torch.nn.Dropout(0.1),
            torch.nn.Linear(32, 8),
        )
        self.bn = torch.nn.BatchNorm1d(8)

    def forward(self, tokens):
        h = self.embed(tokens)  # shape: f32[s0, 7, 16]
        h = self.norm(h)  # shape: f32[s0, 7, 16]
        h = self.body(h)  # shape: f32[s0, 7, 8]
        pooled = h.mean(1)  # shape: f32[s0, 8]
        return self.bn(pooled)  # shape: f32[s0, 8]


example_args = (torch.randint(0, 100, (4, 7)),)
dynamic_shapes = {"tokens": {0: Dim("batch")}}
model = Blocks().eval()
