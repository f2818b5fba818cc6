"""diffusers: T2IAdapter (diffusers.models.adapter), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers import T2IAdapter

model = T2IAdapter(channels=[32, 64, 128, 128]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
