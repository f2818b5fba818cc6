"""spandrel: OmniSR (spandrel.architectures.OmniSR.__arch.OmniSR), defaults, eval mode."""
import torch
from spandrel.architectures.OmniSR import OmniSR

model = OmniSR().eval()
example_args = (torch.randn(2, 3, 32, 32),)
