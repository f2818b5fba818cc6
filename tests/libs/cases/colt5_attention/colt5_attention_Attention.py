"""colt5_attention: Attention (colt5_attention.transformer_block), small configuration, eval mode."""
import torch
from colt5_attention.transformer_block import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
