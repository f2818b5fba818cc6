"""T5EncoderModel with a tiny T5Config, eval mode."""
import torch
from transformers import T5Config, T5EncoderModel

config = T5Config(vocab_size=128, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4)
model = T5EncoderModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
