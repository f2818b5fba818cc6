"""monai: RegUNet (monai.networks.nets.regunet), small configuration, eval mode."""
import torch
from monai.networks.nets import RegUNet

model = RegUNet(spatial_dims=2, in_channels=3, num_channel_initial=32, depth=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
