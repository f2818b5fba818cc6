"""transformers (qwen2): Qwen2Model with Qwen2Config shrunk, eval mode."""
import torch
from transformers import Qwen2Config, Qwen2Model

config = Qwen2Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, use_cache=False)
model = Qwen2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
