"""denoising_diffusion_pytorch: RMSNorm (denoising_diffusion_pytorch.denoising_diffusion_pytorch), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.denoising_diffusion_pytorch import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
