"""CLIPVisionModel with a tiny CLIPVisionConfig, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from transformers import CLIPVisionConfig, CLIPVisionModel

config = CLIPVisionConfig(
    image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
    intermediate_size=128
)
model = CLIPVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch")}}
