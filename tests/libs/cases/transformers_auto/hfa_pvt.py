"""transformers (pvt): PvtModel with PvtConfig shrunk, eval mode."""
import torch
from transformers import PvtConfig, PvtModel

config = PvtConfig(image_size=32, depths=[1, 1, 1, 1], hidden_sizes=[16, 32, 80, 128], num_attention_heads=[1, 1, 1, 1])
model = PvtModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
