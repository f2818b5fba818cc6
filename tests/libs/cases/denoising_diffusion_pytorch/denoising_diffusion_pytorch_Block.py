"""denoising_diffusion_pytorch: Block (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d import Block

model = Block(dim=16, dim_out=8).eval()
example_args = (torch.randn(2, 16, 16),)
