"""spandrel: ConvBlock (spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN), small configuration, eval mode."""
import torch
from spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN import ConvBlock

model = ConvBlock(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
