"""spandrel: UpsampleBlock (spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN import UpsampleBlock

model = UpsampleBlock(in_channels=3, scale_factor=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
