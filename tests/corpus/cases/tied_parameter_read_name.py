"""A parameter tied under two names (`shared.weight` registered first,
`encoder.embed.weight` the one forward reads): strict mode lifts it under
the name the code read it by, non-strict lifts every name."""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 8)
        self.proj = nn.Linear(8, 8)

    def forward(self, ids):
        return self.proj(self.embed(ids))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(16, 8)
        self.encoder = Encoder()
        self.encoder.embed.weight = self.shared.weight

    def forward(self, ids):
        return self.encoder(ids)


model = Model()
example_args = (torch.randint(0, 16, (2, 5)),)
