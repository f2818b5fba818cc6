"""spandrel: RGT (spandrel.architectures.RGT.__arch.rgt), defaults, eval mode."""
import torch
from spandrel.architectures.RGT import RGT

model = RGT().eval()
example_args = (torch.randn(2, 3, 32, 32),)
