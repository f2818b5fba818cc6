"""monai: SABlock (monai.networks.blocks.selfattention), small configuration, eval mode."""
import torch
from monai.networks.blocks import SABlock

model = SABlock(hidden_size=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
