"""denoising_diffusion_pytorch: SinusoidalPosEmb (denoising_diffusion_pytorch.guided_diffusion), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.guided_diffusion import SinusoidalPosEmb

model = SinusoidalPosEmb(dim=32).eval()
example_args = (torch.randn(2, 16, 16),)
