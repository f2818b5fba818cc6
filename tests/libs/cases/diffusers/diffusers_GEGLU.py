"""diffusers: GEGLU (diffusers.models.activations), small configuration, eval mode."""
import torch
from diffusers.models.activations import GEGLU

model = GEGLU(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
