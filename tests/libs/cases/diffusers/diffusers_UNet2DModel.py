"""diffusers: UNet2DModel (diffusers.models.unets.unet_2d), small configuration, eval mode."""
import torch
from diffusers import UNet2DModel

model = UNet2DModel(block_out_channels=(32, 64, 96, 128)).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.rand(2),)
