"""spandrel: StripedConv2d (spandrel.architectures.SeemoRe.__arch.seemore_arch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.SeemoRe.__arch.seemore_arch import StripedConv2d

model = StripedConv2d(in_ch=3, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
