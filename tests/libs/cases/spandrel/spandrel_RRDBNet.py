"""spandrel: RRDBNet (spandrel.architectures.ESRGAN.__arch.RRDB), small configuration, eval mode."""
import torch
from spandrel.architectures.ESRGAN.__arch.RRDB import RRDBNet

model = RRDBNet(num_blocks=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
