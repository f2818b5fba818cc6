"""spandrel: LayerNorm2d (spandrel.architectures.KBNet.__arch.kb_utils), small configuration, eval mode."""
import torch
from spandrel.architectures.KBNet.__arch.kb_utils import LayerNorm2d

model = LayerNorm2d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
