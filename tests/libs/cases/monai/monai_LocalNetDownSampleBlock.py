"""monai: LocalNetDownSampleBlock (monai.networks.blocks.localnet_block), small configuration, eval mode."""
import torch
from monai.networks.blocks import LocalNetDownSampleBlock

model = LocalNetDownSampleBlock(spatial_dims=2, in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
