"""transformers (radio): RadioModel with RadioConfig shrunk, eval mode."""
import torch
from transformers import RadioConfig, RadioModel

config = RadioConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, patch_size=8, image_size=32)
model = RadioModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
