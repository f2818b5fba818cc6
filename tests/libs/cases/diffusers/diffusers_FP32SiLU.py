"""diffusers: FP32SiLU (diffusers.models.activations), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.activations import FP32SiLU

model = FP32SiLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"inputs": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
