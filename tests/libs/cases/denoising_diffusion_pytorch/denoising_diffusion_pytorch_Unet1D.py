"""denoising_diffusion_pytorch: Unet1D (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch import Unet1D

model = Unet1D(dim=32).eval()
example_args = (torch.randn(2, 3, 64), torch.rand(2),)
