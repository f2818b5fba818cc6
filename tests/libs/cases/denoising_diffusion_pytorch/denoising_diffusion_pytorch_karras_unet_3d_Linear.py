"""denoising_diffusion_pytorch: Linear (denoising_diffusion_pytorch.karras_unet_3d), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet_3d import Linear

model = Linear(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
