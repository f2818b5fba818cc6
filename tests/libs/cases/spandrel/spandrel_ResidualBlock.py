"""spandrel: ResidualBlock (spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN), small configuration, eval mode."""
import torch
from spandrel.architectures.SwiftSRGAN.__arch.SwiftSRGAN import ResidualBlock

model = ResidualBlock(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
