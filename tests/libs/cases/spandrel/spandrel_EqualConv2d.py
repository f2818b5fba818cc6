"""spandrel: EqualConv2d (spandrel.architectures.GFPGAN.__arch.stylegan2_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.GFPGAN.__arch.stylegan2_arch import EqualConv2d

model = EqualConv2d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
