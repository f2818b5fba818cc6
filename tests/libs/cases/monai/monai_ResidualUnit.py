"""monai: ResidualUnit (monai.networks.blocks.convolutions), small configuration, eval mode."""
import torch
from monai.networks.blocks import ResidualUnit

model = ResidualUnit(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
