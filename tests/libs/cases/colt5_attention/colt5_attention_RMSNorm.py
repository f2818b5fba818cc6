"""colt5_attention: RMSNorm (colt5_attention.transformer_block), small configuration, eval mode."""
import torch
from colt5_attention.transformer_block import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
