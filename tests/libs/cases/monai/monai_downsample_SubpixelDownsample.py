"""monai: SubpixelDownsample (monai.networks.blocks.downsample), small configuration, eval mode."""
import torch
from monai.networks.blocks import SubpixelDownsample

model = SubpixelDownsample(spatial_dims=2, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
