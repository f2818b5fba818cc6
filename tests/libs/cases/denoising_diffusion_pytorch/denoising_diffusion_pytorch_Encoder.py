"""denoising_diffusion_pytorch: Encoder (denoising_diffusion_pytorch.karras_unet_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_1d import Encoder

model = Encoder(dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
