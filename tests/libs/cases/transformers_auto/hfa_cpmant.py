"""transformers (cpmant): CpmAntModel with CpmAntConfig shrunk, eval mode."""
import torch
from transformers import CpmAntConfig, CpmAntModel

config = CpmAntConfig(vocab_size=99, hidden_size=32, num_attention_heads=4, num_hidden_layers=2, use_cache=False)
model = CpmAntModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
