"""Qwen3Model with a tiny Qwen3Config, eval mode. Dynamic batch and sequence."""
import torch
from torch.export import Dim
from transformers import Qwen3Config, Qwen3Model

config = Qwen3Config(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, intermediate_size=128, use_cache=False,
    head_dim=16
)
model = Qwen3Model(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
