"""torch.nn.utils.parametrizations as exportlens interprets it: Python run
by the tracer, never by CPython (see nn.py). `weight_norm` splits a weight
into magnitude (`original0`) and direction (`original1`); each read of the
weight recomputes it with `torch._weight_norm`.
"""
import torch
from torch.nn import Module
from torch.nn.utils.parametrize import register_parametrization


class _WeightNorm(Module):
    def __init__(self, dim=0):
        super().__init__()
        if dim is None:
            dim = -1
        self.dim = dim

    def forward(self, weight_g, weight_v):
        return torch._weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        weight_g = torch.norm_except_dim(weight, 2, self.dim)
        weight_v = weight
        return weight_g, weight_v


def weight_norm(module, name="weight", dim=0):
    register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module
