"""transformers (ernie4_5): Ernie4_5Model with Ernie4_5Config shrunk, eval mode."""
import torch
from transformers import Ernie4_5Config, Ernie4_5Model

config = Ernie4_5Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, head_dim=8, use_cache=False)
model = Ernie4_5Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
