"""monai: SimpleASPP (monai.networks.blocks.aspp), small configuration, eval mode."""
import torch
from monai.networks.blocks import SimpleASPP

model = SimpleASPP(spatial_dims=2, in_channels=3, conv_out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
