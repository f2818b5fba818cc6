"""colt5_attention: ConditionalRoutedAttention (colt5_attention.transformer_block), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from colt5_attention import ConditionalRoutedAttention

model = ConditionalRoutedAttention(dim=64, num_heavy_tokens_q=16, num_heavy_tokens_kv=16, light_heads=2, heavy_heads=2).eval()
example_args = (torch.randn(2, 16, 64),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
