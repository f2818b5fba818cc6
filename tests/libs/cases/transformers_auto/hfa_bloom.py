"""transformers (bloom): BloomModel with BloomConfig shrunk, eval mode."""
import torch
from transformers import BloomConfig, BloomModel

config = BloomConfig(vocab_size=99, hidden_size=32, n_head=4, use_cache=False)
model = BloomModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
