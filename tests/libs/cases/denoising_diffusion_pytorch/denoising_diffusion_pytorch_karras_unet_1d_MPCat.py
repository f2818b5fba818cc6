"""denoising_diffusion_pytorch: MPCat (denoising_diffusion_pytorch.karras_unet_1d), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet_1d import MPCat

model = MPCat().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"a": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "b": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
