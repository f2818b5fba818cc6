"""x_unet: LayerNorm (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet.x_unet import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
