"""monai: SwinUNETR (monai.networks.nets.swin_unetr), small configuration, eval mode."""
import torch
from monai.networks.nets import SwinUNETR

model = SwinUNETR(in_channels=3, out_channels=8, depths=(1, 1, 1, 1), spatial_dims=2, hyena_kernel_layers=2).eval()
example_args = (torch.randn(2, 3, 64, 64),)
