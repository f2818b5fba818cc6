"""transformers (qwen3_5_text): Qwen3_5TextModel with Qwen3_5TextConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Qwen3_5TextConfig, Qwen3_5TextModel

config = Qwen3_5TextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, use_cache=False)
model = Qwen3_5TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
