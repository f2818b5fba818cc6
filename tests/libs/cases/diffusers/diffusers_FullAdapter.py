"""diffusers: FullAdapter (diffusers.models.adapter), small configuration, eval mode."""
import torch
from diffusers.models.adapter import FullAdapter

model = FullAdapter(channels=[32, 64, 128, 128]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
