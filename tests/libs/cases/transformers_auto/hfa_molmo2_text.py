"""transformers (molmo2_text): Molmo2TextModel with Molmo2TextConfig shrunk, eval mode."""
import torch
from transformers import Molmo2TextConfig, Molmo2TextModel

config = Molmo2TextConfig(hidden_size=32, num_attention_heads=4, num_key_value_heads=2, head_dim=8, vocab_size=99, num_hidden_layers=2, intermediate_size=37, use_cache=False)
model = Molmo2TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
