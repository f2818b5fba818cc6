"""diffusers: SpatialNorm (diffusers.models.attention_processor), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.attention_processor import SpatialNorm

model = SpatialNorm(f_channels=32, zq_channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32), torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"f": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "zq": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
