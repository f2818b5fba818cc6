"""monai: UNETR (monai.networks.nets.unetr), small configuration, eval mode."""
import torch
from monai.networks.nets import UNETR

model = UNETR(in_channels=3, out_channels=8, img_size=32, hidden_size=32, mlp_dim=32, num_heads=2, spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
