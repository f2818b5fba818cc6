"""DeiTModel with a tiny DeiTConfig, eval mode."""
import torch
from transformers import DeiTConfig, DeiTModel

config = DeiTConfig(
    image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
    intermediate_size=128
)
model = DeiTModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
