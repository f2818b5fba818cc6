"""spandrel: EqualConv2d (spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.GFPGAN.__arch.stylegan2_bilinear_arch import EqualConv2d

model = EqualConv2d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
