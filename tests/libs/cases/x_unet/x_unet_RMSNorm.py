"""x_unet: RMSNorm (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet.x_unet import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
