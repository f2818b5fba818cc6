"""x_unet: LoRA (x_unet.x_unet), small configuration, eval mode."""
import torch
from x_unet.x_unet import LoRA

model = LoRA(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 32),)
