"""spandrel: EqualLinear (spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch import EqualLinear

model = EqualLinear(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
