"""product_key_memory: Transformer (product_key_memory.transformer), small configuration, eval mode."""
import torch
from product_key_memory.transformer import Transformer

model = Transformer(dim=32, num_tokens=64, depth=2, seq_len=16).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
