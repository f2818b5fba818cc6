"""spandrel: ConvBlock (spandrel.architectures.MoSR.__arch.mosr_arch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.MoSR.__arch.mosr_arch import ConvBlock

model = ConvBlock(in_channel=32, out_channel=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
