"""spandrel: LayerNorm (spandrel.architectures.SAFMN.__arch.safmn), small configuration, eval mode."""
import torch
from spandrel.architectures.SAFMN.__arch.safmn import LayerNorm

model = LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 32),)
