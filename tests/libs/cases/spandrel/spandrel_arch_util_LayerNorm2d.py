"""spandrel: LayerNorm2d (spandrel.architectures.NAFNet.__arch.arch_util), small configuration, eval mode."""
import torch
from spandrel.architectures.NAFNet.__arch.arch_util import LayerNorm2d

model = LayerNorm2d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
