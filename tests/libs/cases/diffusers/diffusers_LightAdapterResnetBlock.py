"""diffusers: LightAdapterResnetBlock (diffusers.models.adapter), small configuration, eval mode."""
import torch
from diffusers.models.adapter import LightAdapterResnetBlock

model = LightAdapterResnetBlock(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
