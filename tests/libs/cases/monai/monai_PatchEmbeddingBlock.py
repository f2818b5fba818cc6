"""monai: PatchEmbeddingBlock (monai.networks.blocks.patchembedding), small configuration, eval mode."""
import torch
from monai.networks.blocks import PatchEmbeddingBlock

model = PatchEmbeddingBlock(in_channels=3, img_size=32, patch_size=8, hidden_size=32, num_heads=2, spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
