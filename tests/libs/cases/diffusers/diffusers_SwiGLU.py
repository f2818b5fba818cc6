"""diffusers: SwiGLU (diffusers.models.activations), small configuration, eval mode."""
import torch
from diffusers.models.activations import SwiGLU

model = SwiGLU(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
