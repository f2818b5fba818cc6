"""spandrel: ScaledLeakyReLU (spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch import ScaledLeakyReLU

model = ScaledLeakyReLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
