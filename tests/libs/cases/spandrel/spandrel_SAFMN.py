"""spandrel: SAFMN (spandrel.architectures.SAFMN.__arch.safmn), small configuration, eval mode."""
import torch
from spandrel.architectures.SAFMN import SAFMN

model = SAFMN(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
