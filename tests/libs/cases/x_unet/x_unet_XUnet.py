"""x_unet: XUnet (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet import XUnet

model = XUnet(dim=16, attn_heads=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
