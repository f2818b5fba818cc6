"""diffusers: AdapterResnetBlock (diffusers.models.adapter), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.adapter import AdapterResnetBlock

model = AdapterResnetBlock(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
