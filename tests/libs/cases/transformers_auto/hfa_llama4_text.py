"""transformers (llama4_text): Llama4TextModel with Llama4TextConfig shrunk, eval mode."""
import torch
from transformers import Llama4TextConfig, Llama4TextModel

config = Llama4TextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, num_local_experts=4, use_cache=False)
model = Llama4TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
