"""denoising_diffusion_pytorch: Attention (denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.denoising_diffusion_pytorch_1d import Attention

model = Attention(dim=16, dim_head=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
