"""denoising_diffusion_pytorch: RMSNorm (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
