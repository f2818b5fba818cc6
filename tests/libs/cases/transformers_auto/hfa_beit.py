"""transformers (beit): BeitModel with BeitConfig shrunk, eval mode."""
import torch
from transformers import BeitConfig, BeitModel

config = BeitConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8)
model = BeitModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
