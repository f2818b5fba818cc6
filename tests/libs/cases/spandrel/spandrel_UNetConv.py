"""spandrel: UNetConv (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.RealCUGAN.__arch.upcunet_v3 import UNetConv

model = UNetConv(in_channels=3, mid_channels=32, out_channels=8, se=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
