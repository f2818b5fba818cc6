"""spandrel: SPAB (spandrel.architectures.SPAN.__arch.span), small configuration, eval mode."""
import torch
from spandrel.architectures.SPAN.__arch.span import SPAB

model = SPAB(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
