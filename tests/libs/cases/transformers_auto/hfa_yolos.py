"""transformers (yolos): YolosModel with YolosConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import YolosConfig, YolosModel

config = YolosConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, patch_size=8)
model = YolosModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
