"""transformers (idefics3_vision): Idefics3VisionTransformer with Idefics3VisionConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import Idefics3VisionConfig, Idefics3VisionTransformer

config = Idefics3VisionConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Idefics3VisionTransformer(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
