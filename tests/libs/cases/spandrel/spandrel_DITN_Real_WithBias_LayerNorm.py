"""spandrel: WithBias_LayerNorm (spandrel.architectures.DITN.__arch.DITN_Real), small configuration, eval mode."""
import torch
from spandrel.architectures.DITN.__arch.DITN_Real import WithBias_LayerNorm

model = WithBias_LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
