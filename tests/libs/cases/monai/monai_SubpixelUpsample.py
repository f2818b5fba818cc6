"""monai: SubpixelUpsample (monai.networks.blocks.upsample), small configuration, eval mode."""
import torch
from monai.networks.blocks import SubpixelUpsample

model = SubpixelUpsample(spatial_dims=2, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
