"""spandrel: Conv3XC (spandrel.architectures.SPAN.__arch.span), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.SPAN.__arch.span import Conv3XC

model = Conv3XC(c_in=3, c_out=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
