"""denoising_diffusion_pytorch: Unet (denoising_diffusion_pytorch.denoising_diffusion_pytorch), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch import Unet

model = Unet(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.rand(2),)
