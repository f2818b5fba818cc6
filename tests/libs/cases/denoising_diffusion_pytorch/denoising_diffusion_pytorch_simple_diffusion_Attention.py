"""denoising_diffusion_pytorch: Attention (denoising_diffusion_pytorch.simple_diffusion), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.simple_diffusion import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
