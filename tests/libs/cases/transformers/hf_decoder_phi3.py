"""Phi3Model with a tiny Phi3Config, eval mode."""
import torch
from transformers import Phi3Config, Phi3Model

config = Phi3Config(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, intermediate_size=128, use_cache=False,
    pad_token_id=0, eos_token_id=2
)
model = Phi3Model(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
