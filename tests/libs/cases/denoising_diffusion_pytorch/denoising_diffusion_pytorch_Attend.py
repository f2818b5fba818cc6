"""denoising_diffusion_pytorch: Attend (denoising_diffusion_pytorch.attend), defaults, eval mode."""
import torch
from denoising_diffusion_pytorch.attend import Attend

model = Attend().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
