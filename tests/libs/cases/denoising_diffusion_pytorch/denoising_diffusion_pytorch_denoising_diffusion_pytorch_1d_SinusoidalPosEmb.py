"""denoising_diffusion_pytorch: SinusoidalPosEmb (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d import SinusoidalPosEmb

model = SinusoidalPosEmb(dim=32).eval()
example_args = (torch.randn(2, 16, 16),)
