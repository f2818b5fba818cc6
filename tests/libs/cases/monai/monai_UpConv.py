"""monai: UpConv (monai.networks.nets.attentionunet), small configuration, eval mode."""
import torch
from monai.networks.nets.attentionunet import UpConv

model = UpConv(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
