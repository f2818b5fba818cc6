"""denoising_diffusion_pytorch: MPAdd (denoising_diffusion_pytorch.karras_unet_3d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_3d import MPAdd

model = MPAdd(t=16).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
