"""spandrel: UNet1 (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.RealCUGAN.__arch.upcunet_v3 import UNet1

model = UNet1(in_channels=3, out_channels=8, deconv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
