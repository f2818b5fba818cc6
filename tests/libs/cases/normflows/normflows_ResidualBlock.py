"""normflows: ResidualBlock (normflows.nets.resnet), small configuration, eval mode."""
import torch
from normflows.nets.resnet import ResidualBlock

model = ResidualBlock(features=32, context_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
