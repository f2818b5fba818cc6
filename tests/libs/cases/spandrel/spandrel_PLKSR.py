"""spandrel: PLKSR (spandrel.architectures.PLKSR.__arch.PLKSR), defaults, eval mode."""
import torch
from spandrel.architectures.PLKSR import PLKSR

model = PLKSR().eval()
example_args = (torch.randn(2, 3, 32, 32),)
