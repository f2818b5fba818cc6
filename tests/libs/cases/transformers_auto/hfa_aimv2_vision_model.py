"""transformers (aimv2_vision_model): Aimv2VisionModel with Aimv2VisionConfig shrunk, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from transformers import Aimv2VisionConfig, Aimv2VisionModel

config = Aimv2VisionConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Aimv2VisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch")}}
