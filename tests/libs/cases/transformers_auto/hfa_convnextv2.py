"""transformers (convnextv2): ConvNextV2Model with ConvNextV2Config shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import ConvNextV2Config, ConvNextV2Model

config = ConvNextV2Config(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], image_size=32)
model = ConvNextV2Model(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
