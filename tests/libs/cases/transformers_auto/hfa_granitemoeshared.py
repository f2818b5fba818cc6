"""transformers (granitemoeshared): GraniteMoeSharedModel with GraniteMoeSharedConfig shrunk, eval mode."""
import torch
from transformers import GraniteMoeSharedConfig, GraniteMoeSharedModel

config = GraniteMoeSharedConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, num_local_experts=4, use_cache=False)
model = GraniteMoeSharedModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
