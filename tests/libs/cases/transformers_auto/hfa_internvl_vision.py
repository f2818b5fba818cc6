"""transformers (internvl_vision): InternVLVisionModel with InternVLVisionConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import InternVLVisionConfig, InternVLVisionModel

config = InternVLVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37)
model = InternVLVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
