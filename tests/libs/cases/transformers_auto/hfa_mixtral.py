"""transformers (mixtral): MixtralModel with MixtralConfig shrunk, eval mode."""
import torch
from transformers import MixtralConfig, MixtralModel

config = MixtralConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, num_local_experts=4, use_cache=False)
model = MixtralModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
