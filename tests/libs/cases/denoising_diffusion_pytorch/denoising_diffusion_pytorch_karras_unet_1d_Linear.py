"""denoising_diffusion_pytorch: Linear (denoising_diffusion_pytorch.karras_unet_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_1d import Linear

model = Linear(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
