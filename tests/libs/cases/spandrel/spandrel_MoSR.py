"""spandrel: MoSR (spandrel.architectures.MoSR.__arch.mosr_arch), defaults, eval mode."""
import torch
from spandrel.architectures.MoSR import MoSR

model = MoSR().eval()
example_args = (torch.randn(2, 3, 32, 32),)
