"""transformers (phi3): Phi3Model with Phi3Config shrunk, eval mode."""
import torch
from transformers import Phi3Config, Phi3Model

config = Phi3Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, eos_token_id=0, pad_token_id=0, use_cache=False)
model = Phi3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
