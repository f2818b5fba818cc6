"""denoising_diffusion_pytorch: Gain (denoising_diffusion_pytorch.karras_unet_3d), defaults, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_3d import Gain

model = Gain().eval()
example_args = (torch.randn(2, 3, 32, 32),)
