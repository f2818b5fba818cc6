import torch
import torch.nn as nn
from torch.export import Dim


class Bags(nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = nn.EmbeddingBag(10, 3)
        self.sum = nn.EmbeddingBag(10, 3, mode="sum")
        self.max = nn.EmbeddingBag(10, 4, mode="max")
        self.mean_flat = nn.EmbeddingBag(10, 2, padding_idx=0)

    def forward(self, tokens, flat, offsets):
        return self.mean(tokens), self.sum(flat, offsets), self.max(tokens), self.mean_flat(flat, offsets)


model = Bags().eval()
example_args = (
    torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]]),
    torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]),
    torch.tensor([0, 3, 5]),
)
dynamic_shapes = {"tokens": None, "flat": {0: Dim("n")}, "offsets": None}
