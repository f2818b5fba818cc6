"""spandrel: ResBlock (spandrel.architectures.GFPGAN.__arch.gfpganv1_clean_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.GFPGAN.__arch.gfpganv1_clean_arch import ResBlock

model = ResBlock(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
