"""denoising_diffusion_pytorch: Gain (denoising_diffusion_pytorch.karras_unet_1d), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet_1d import Gain

model = Gain().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
