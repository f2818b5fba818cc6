"""x_unet: TransformerBlock (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet.x_unet import TransformerBlock

model = TransformerBlock(dim=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
