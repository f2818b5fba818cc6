"""monai: ResidualSELayer (monai.networks.blocks.squeeze_and_excitation), small configuration, eval mode."""
import torch
from monai.networks.blocks import ResidualSELayer

model = ResidualSELayer(spatial_dims=2, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
