"""denoising_diffusion_pytorch: Attention (denoising_diffusion_pytorch.karras_unet_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.karras_unet_1d import Attention

model = Attention(dim=16, dim_head=16).eval()
example_args = (torch.randn(2, 16, 16),)
