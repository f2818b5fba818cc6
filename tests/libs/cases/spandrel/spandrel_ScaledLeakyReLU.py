"""spandrel: ScaledLeakyReLU (spandrel.architectures.GFPGAN.__arch.stylegan2_arch), defaults, eval mode."""
import torch
from spandrel.architectures.GFPGAN.__arch.stylegan2_arch import ScaledLeakyReLU

model = ScaledLeakyReLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
