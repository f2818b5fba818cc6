"""diffusers: AdapterBlock (diffusers.models.adapter), small configuration, eval mode."""
import torch
from diffusers.models.adapter import AdapterBlock

model = AdapterBlock(in_channels=3, out_channels=8, num_res_blocks=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
