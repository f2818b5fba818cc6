import torch
import torch.nn as nn


class Lookup(nn.Module):
    """Embedding.from_pretrained with padding_idx, a negative padding_idx
    normalized, and max_norm renormalizing rows in place."""

    def __init__(self):
        super().__init__()
        self.pre = nn.Embedding.from_pretrained(torch.ones(10, 4), padding_idx=3)
        self.neg = nn.Embedding(12, 4, padding_idx=-2)
        self.clipped = nn.Embedding(12, 4, max_norm=1.0)

    def forward(self, ids):
        return self.pre(ids), self.neg(ids) * self.neg.padding_idx, self.clipped(ids), self.pre.weight.requires_grad


model = Lookup().eval()
example_args = (torch.tensor([[1, 2, 3], [4, 5, 9]]),)
