"""colt5_attention: SelfAttention (colt5_attention.transformer_block), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from colt5_attention.transformer_block import SelfAttention

model = SelfAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
