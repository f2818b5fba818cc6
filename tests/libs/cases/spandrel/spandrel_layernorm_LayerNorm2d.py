"""spandrel: LayerNorm2d (spandrel.architectures.OmniSR.__arch.layernorm), small configuration, eval mode."""
import torch
from spandrel.architectures.OmniSR.__arch.layernorm import LayerNorm2d

model = LayerNorm2d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
