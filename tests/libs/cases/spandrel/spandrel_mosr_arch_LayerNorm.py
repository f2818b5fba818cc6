"""spandrel: LayerNorm (spandrel.architectures.MoSR.__arch.mosr_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.MoSR.__arch.mosr_arch import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
