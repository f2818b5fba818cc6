"""transformers (dpt): DPTModel with DPTConfig shrunk, eval mode."""
import torch
from transformers import DPTConfig, DPTModel

config = DPTConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8, neck_hidden_sizes=[16, 32, 64, 128])
model = DPTModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
