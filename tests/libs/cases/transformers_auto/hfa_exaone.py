"""transformers (exaone): LlamaModel with ExaoneConfig shrunk, eval mode."""
import torch
from transformers import ExaoneConfig, LlamaModel

config = ExaoneConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, eos_token_id=0, head_dim=8, use_cache=False)
model = LlamaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
