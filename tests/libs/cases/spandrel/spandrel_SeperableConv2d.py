"""spandrel: SeperableConv2d (spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN), small configuration, eval mode."""
import torch
from spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN import SeperableConv2d

model = SeperableConv2d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
