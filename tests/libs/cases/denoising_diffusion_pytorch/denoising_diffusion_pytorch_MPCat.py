"""denoising_diffusion_pytorch: MPCat (denoising_diffusion_pytorch.karras_unet), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet import MPCat

model = MPCat().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"a": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "b": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
