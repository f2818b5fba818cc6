"""spandrel: RealPLKSR (spandrel.architectures.PLKSR.__arch.RealPLKSR), defaults, eval mode."""
import torch
from spandrel.architectures.PLKSR import RealPLKSR

model = RealPLKSR().eval()
example_args = (torch.randn(2, 3, 32, 32),)
