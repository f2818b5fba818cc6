import torch
import torch.nn as nn
from torch.export import Dim


class Unrolled(nn.Module):
    """An LSTMCell stepped over a fixed-length sequence, GRUCell on top."""

    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(8, 16)
        self.top = nn.GRUCell(16, 16)
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        h = torch.zeros(x.size(0), 16)
        c = torch.zeros(x.size(0), 16)
        g = None
        for t in range(x.size(1)):
            h, c = self.cell(x[:, t], (h, c))
            g = self.top(h, g)
        return self.head(g)


model = Unrolled().eval()
example_args = (torch.randn(4, 3, 8),)
dynamic_shapes = {"x": {0: Dim("batch")}}
