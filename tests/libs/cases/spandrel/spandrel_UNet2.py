"""spandrel: UNet2 (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), small configuration, eval mode."""
import torch
from spandrel.architectures.RealCUGAN.__arch.upcunet_v3 import UNet2

model = UNet2(in_channels=3, out_channels=8, deconv=False).eval()
example_args = (torch.randn(2, 3, 64, 64),)
