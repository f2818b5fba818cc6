"""denoising_diffusion_pytorch: MPSiLU (denoising_diffusion_pytorch.karras_unet), defaults, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet import MPSiLU

model = MPSiLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
