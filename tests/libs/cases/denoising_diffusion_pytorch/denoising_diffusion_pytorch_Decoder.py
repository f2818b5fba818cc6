"""denoising_diffusion_pytorch: Decoder (denoising_diffusion_pytorch.karras_unet_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_1d import Decoder

model = Decoder(dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
