"""monai: DiffusionModelEncoder (monai.networks.nets.diffusion_model_unet), small configuration, eval mode."""
import torch
from monai.networks.nets.diffusion_model_unet import DiffusionModelEncoder

model = DiffusionModelEncoder(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 64, 64), torch.rand(2),)
