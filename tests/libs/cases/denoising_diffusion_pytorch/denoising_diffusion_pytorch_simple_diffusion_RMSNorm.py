"""denoising_diffusion_pytorch: RMSNorm (denoising_diffusion_pytorch.simple_diffusion), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.simple_diffusion import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
