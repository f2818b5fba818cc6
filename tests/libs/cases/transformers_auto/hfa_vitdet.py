"""transformers (vitdet): VitDetModel with VitDetConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import VitDetConfig, VitDetModel

config = VitDetConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = VitDetModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
