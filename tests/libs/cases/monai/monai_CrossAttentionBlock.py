"""monai: CrossAttentionBlock (monai.networks.blocks.crossattention), small configuration, eval mode."""
import torch
from monai.networks.blocks import CrossAttentionBlock

model = CrossAttentionBlock(hidden_size=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
