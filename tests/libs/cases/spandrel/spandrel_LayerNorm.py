"""spandrel: LayerNorm (spandrel.architectures.HVICIDNet.__arch.transformer_utils), small configuration, eval mode."""
import torch
from spandrel.architectures.HVICIDNet.__arch.transformer_utils import LayerNorm

model = LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 32),)
