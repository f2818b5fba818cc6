"""denoising_diffusion_pytorch: Gain (denoising_diffusion_pytorch.karras_unet), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet import Gain

model = Gain().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
