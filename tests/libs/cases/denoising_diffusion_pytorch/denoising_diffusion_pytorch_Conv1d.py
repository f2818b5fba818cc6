"""denoising_diffusion_pytorch: Conv1d (denoising_diffusion_pytorch.karras_unet_1d), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.karras_unet_1d import Conv1d

model = Conv1d(dim_in=16, dim_out=8, kernel_size=3).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim("batch")}}
