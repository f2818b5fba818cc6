"""denoising_diffusion_pytorch: UViT (denoising_diffusion_pytorch.simple_diffusion), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.simple_diffusion import UViT

model = UViT(dim=16, vit_depth=2).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.rand(2),)
