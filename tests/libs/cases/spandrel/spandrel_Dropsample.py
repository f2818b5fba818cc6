"""spandrel: Dropsample (spandrel.architectures.OmniSR.__arch.OSA), defaults, eval mode."""
import torch
from spandrel.architectures.OmniSR.__arch.OSA import Dropsample

model = Dropsample().eval()
example_args = (torch.randn(2, 3, 32, 32),)
