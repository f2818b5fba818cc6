"""x_unet: Attention (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet.x_unet import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
