"""monai: ConvConcatDenseBlock (monai.networks.nets.quicknat), small configuration, eval mode."""
import torch
from monai.networks.nets.quicknat import ConvConcatDenseBlock

model = ConvConcatDenseBlock(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
