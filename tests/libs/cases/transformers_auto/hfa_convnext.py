"""transformers (convnext): ConvNextModel with ConvNextConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import ConvNextConfig, ConvNextModel

config = ConvNextConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], image_size=32)
model = ConvNextModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
