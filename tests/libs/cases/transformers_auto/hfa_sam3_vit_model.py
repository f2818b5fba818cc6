"""transformers (sam3_vit_model): Sam3ViTModel with Sam3ViTConfig shrunk, eval mode."""
import torch
from transformers import Sam3ViTConfig, Sam3ViTModel

config = Sam3ViTConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Sam3ViTModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
