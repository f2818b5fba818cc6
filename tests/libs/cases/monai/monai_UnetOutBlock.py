"""monai: UnetOutBlock (monai.networks.blocks.dynunet_block), small configuration, eval mode."""
import torch
from monai.networks.blocks import UnetOutBlock

model = UnetOutBlock(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
