"""spandrel: WithBias_LayerNorm (spandrel.architectures.CRAFT.__arch.CRAFT), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.CRAFT.__arch.CRAFT import WithBias_LayerNorm

model = WithBias_LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
