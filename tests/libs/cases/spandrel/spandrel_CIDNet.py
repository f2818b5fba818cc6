"""spandrel: CIDNet (spandrel.architectures.HVICIDNet.__arch.cidnet), defaults, eval mode."""
import torch
from spandrel.architectures.HVICIDNet.__arch.cidnet import CIDNet

model = CIDNet().eval()
example_args = (torch.randn(2, 3, 32, 32),)
