"""transformers (exaone4): Exaone4Model with Exaone4Config shrunk, eval mode."""
import torch
from transformers import Exaone4Config, Exaone4Model

config = Exaone4Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, use_cache=False)
model = Exaone4Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
