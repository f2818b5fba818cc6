"""monai: SEBlock (monai.networks.blocks.squeeze_and_excitation), small configuration, eval mode."""
import torch
from monai.networks.blocks import SEBlock

model = SEBlock(spatial_dims=2, in_channels=3, n_chns_1=32, n_chns_2=32, n_chns_3=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
