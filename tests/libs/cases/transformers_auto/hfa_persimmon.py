"""transformers (persimmon): PersimmonModel with PersimmonConfig shrunk, eval mode."""
import torch
from transformers import PersimmonConfig, PersimmonModel

config = PersimmonConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, use_cache=False)
model = PersimmonModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
