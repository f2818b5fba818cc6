"""spandrel: Generator (spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN import Generator

model = Generator().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
