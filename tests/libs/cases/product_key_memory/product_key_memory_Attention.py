"""product_key_memory: Attention (product_key_memory.transformer), small configuration, eval mode."""
import torch
from product_key_memory.transformer import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
