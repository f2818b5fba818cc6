"""spandrel: BiasFree_LayerNorm (spandrel.architectures.CRAFT.__arch.CRAFT), small configuration, eval mode."""
import torch
from spandrel.architectures.CRAFT.__arch.CRAFT import BiasFree_LayerNorm

model = BiasFree_LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
