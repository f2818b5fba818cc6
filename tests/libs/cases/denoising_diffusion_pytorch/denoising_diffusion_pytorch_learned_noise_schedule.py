"""denoising_diffusion_pytorch: learned_noise_schedule (denoising_diffusion_pytorch.continuous_time_gaussian_diffusion), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.continuous_time_gaussian_diffusion import learned_noise_schedule

model = learned_noise_schedule(log_snr_max=16, log_snr_min=16, hidden_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
