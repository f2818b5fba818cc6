"""numpy's dtypes carried to torch: a float64 table becomes a float64
buffer (converted with .float() in forward), an int64 arange an int64
buffer through torch.as_tensor, a float32 table (astype) a float32 one
through torch.tensor."""
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        freqs = 1.0 / (10000 ** (np.arange(0, dim, 2) / dim))
        table = np.outer(np.arange(6), freqs)
        self.register_buffer("table64", torch.from_numpy(np.concatenate([np.sin(table), np.cos(table)], axis=-1)))
        self.register_buffer("positions", torch.as_tensor(np.arange(6)))
        self.register_buffer("scale32", torch.tensor(np.linspace(0.5, 1.5, dim).astype(np.float32)))

    def forward(self, x):
        pe = self.table64.float()[self.positions[: x.shape[1]]]
        return (x + pe) * self.scale32


model = Model().eval()
example_args = (torch.randn(2, 6, 8),)
