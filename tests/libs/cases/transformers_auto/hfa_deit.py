"""transformers (deit): DeiTModel with DeiTConfig shrunk, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from transformers import DeiTConfig, DeiTModel

config = DeiTConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8)
model = DeiTModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch")}}
