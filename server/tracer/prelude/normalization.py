"""torch.nn.LocalResponseNorm (torch.nn.modules.normalization) as
exportlens interprets it: Python run by the tracer, never by CPython (see
nn.py, which holds the instance norms and SyncBatchNorm); the arithmetic
is F.local_response_norm in prelude/functional.py.
"""
import torch.nn.functional as F
from torch.nn import Module


class LocalResponseNorm(Module):
    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)
