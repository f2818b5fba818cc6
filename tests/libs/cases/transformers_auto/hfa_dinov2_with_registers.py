"""transformers (dinov2_with_registers): Dinov2WithRegistersModel with Dinov2WithRegistersConfig shrunk, eval mode."""
import torch
from transformers import Dinov2WithRegistersConfig, Dinov2WithRegistersModel

config = Dinov2WithRegistersConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Dinov2WithRegistersModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
