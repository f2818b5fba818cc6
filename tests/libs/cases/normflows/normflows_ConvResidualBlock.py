"""normflows: ConvResidualBlock (normflows.nets.resnet), small configuration, eval mode."""
import torch
from normflows.nets.resnet import ConvResidualBlock

model = ConvResidualBlock(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
