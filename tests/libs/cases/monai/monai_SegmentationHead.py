"""monai: SegmentationHead (monai.networks.nets.flexible_unet), small configuration, eval mode."""
import torch
from monai.networks.nets.flexible_unet import SegmentationHead

model = SegmentationHead(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
