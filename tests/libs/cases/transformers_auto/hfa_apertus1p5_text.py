"""transformers (apertus1p5_text): Apertus1p5TextModel with Apertus1p5TextConfig shrunk, eval mode."""
import torch
from transformers import Apertus1p5TextConfig, Apertus1p5TextModel

config = Apertus1p5TextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, use_cache=False)
model = Apertus1p5TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
