"""monai: RegistrationResidualConvBlock (monai.networks.blocks.regunet_block), small configuration, eval mode."""
import torch
from monai.networks.blocks import RegistrationResidualConvBlock

model = RegistrationResidualConvBlock(spatial_dims=2, in_channels=1, out_channels=8).eval()
example_args = (torch.randn(2, 1, 32, 32),)
