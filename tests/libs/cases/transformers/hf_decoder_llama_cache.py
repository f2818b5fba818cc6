"""LlamaModel (use_cache left at True) with a tiny LlamaConfig, eval mode."""
import torch
from transformers import LlamaConfig, LlamaModel

config = LlamaConfig(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, intermediate_size=128
)
model = LlamaModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
