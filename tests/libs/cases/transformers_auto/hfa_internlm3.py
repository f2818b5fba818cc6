"""transformers (internlm3): LlamaModel with InternLM3Config shrunk, eval mode."""
import torch
from transformers import InternLM3Config, LlamaModel

config = InternLM3Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, head_dim=8, use_cache=False)
model = LlamaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
