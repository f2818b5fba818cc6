"""torch.nn.modules.distance as exportlens interprets it: PairwiseDistance
and CosineSimilarity, each one ATen op (`aten.pairwise_distance`,
`aten.cosine_similarity`). Run by the tracer, never by CPython (see nn.py).
"""
import torch.nn.functional as F
from torch.nn import Module


class PairwiseDistance(Module):
    def __init__(self, p=2.0, eps=1e-06, keepdim=False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    def __init__(self, dim=1, eps=1e-08):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, self.dim, self.eps)
