"""denoising_diffusion_pytorch: MPCat (denoising_diffusion_pytorch.karras_unet_3d), defaults, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_3d import MPCat

model = MPCat().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
