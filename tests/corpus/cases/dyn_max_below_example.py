import torch
import torch.nn as nn
from torch.export import Dim


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.emb(ids).mean(1)


model = Embed()
example_args = (torch.randint(0, 100, (8, 5)),)
b = Dim("b", max=4)
dynamic_shapes = {"ids": {0: b}}
