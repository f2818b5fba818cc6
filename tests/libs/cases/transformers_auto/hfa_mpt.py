"""transformers (mpt): MptModel with MptConfig shrunk, eval mode."""
import torch
from transformers import MptConfig, MptModel

config = MptConfig(d_model=32, n_heads=4, n_layers=2, vocab_size=99, use_cache=False)
model = MptModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
