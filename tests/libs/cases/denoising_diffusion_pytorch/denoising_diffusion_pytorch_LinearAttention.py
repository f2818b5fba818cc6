"""denoising_diffusion_pytorch: LinearAttention (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d import LinearAttention

model = LinearAttention(dim=16, dim_head=16).eval()
example_args = (torch.randn(2, 16, 16),)
