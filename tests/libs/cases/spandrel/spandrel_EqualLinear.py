"""spandrel: EqualLinear (spandrel.architectures.GFPGAN.__arch.stylegan2_arch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.GFPGAN.__arch.stylegan2_arch import EqualLinear

model = EqualLinear(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
