"""transformers (mpnet): MPNetModel with MPNetConfig shrunk, eval mode."""
import torch
from transformers import MPNetConfig, MPNetModel

config = MPNetConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37)
model = MPNetModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
