"""nn.PairwiseDistance (default and keepdim, with a non-default p) and
nn.CosineSimilarity, with a dynamic batch: each records one ATen op."""
import torch
import torch.nn as nn
from torch.export import Dim


class Distances(nn.Module):
    def __init__(self):
        super().__init__()
        self.l2 = nn.PairwiseDistance()
        self.l1_keep = nn.PairwiseDistance(p=1.0, keepdim=True)
        self.cos = nn.CosineSimilarity(dim=1)

    def forward(self, a, b):
        return self.l2(a, b), self.l1_keep(a, b), self.cos(a, b)


model = Distances()
example_args = (torch.randn(4, 8), torch.randn(4, 8))
batch = Dim("batch")
dynamic_shapes = {"a": {0: batch}, "b": {0: batch}}
