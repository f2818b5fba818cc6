"""transformers (jamba): JambaModel with JambaConfig shrunk, eval mode."""
import torch
from transformers import JambaConfig, JambaModel

config = JambaConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, num_experts=4, use_cache=False)
model = JambaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
