"""monai: MLPBlock (monai.networks.blocks.mlp), small configuration, eval mode."""
import torch
from monai.networks.blocks import MLPBlock

model = MLPBlock(hidden_size=32, mlp_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
