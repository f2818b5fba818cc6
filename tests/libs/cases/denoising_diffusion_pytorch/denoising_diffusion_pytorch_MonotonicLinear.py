"""denoising_diffusion_pytorch: MonotonicLinear (denoising_diffusion_pytorch.continuous_time_gaussian_diffusion), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.continuous_time_gaussian_diffusion import MonotonicLinear

model = MonotonicLinear(in_features=32, out_features=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
