"""spandrel: NormStyleCode (spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch), defaults, eval mode."""
import torch
from spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch import NormStyleCode

model = NormStyleCode().eval()
example_args = (torch.randn(2, 3, 32, 32),)
