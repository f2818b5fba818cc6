"""MistralModel with a tiny MistralConfig, eval mode."""
import torch
from transformers import MistralConfig, MistralModel

config = MistralConfig(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, intermediate_size=128, use_cache=False,
    sliding_window=32
)
model = MistralModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
