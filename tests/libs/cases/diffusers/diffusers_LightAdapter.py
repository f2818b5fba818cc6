"""diffusers: LightAdapter (diffusers.models.adapter), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.adapter import LightAdapter

model = LightAdapter(channels=[32, 64, 128]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
