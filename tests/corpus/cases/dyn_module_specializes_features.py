import torch
import torch.nn as nn
from torch.export import Dim


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(32, 16)
        self.norm = nn.LayerNorm(16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.fc(x)
        return self.norm(h)


model = Encoder()
example_args = (torch.randn(4, 10, 32),)
batch = Dim("batch")
seq = Dim("seq")
features = Dim("features")
dynamic_shapes = {"x": (batch, seq, features)}
