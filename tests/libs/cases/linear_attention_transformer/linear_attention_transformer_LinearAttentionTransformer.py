"""linear_attention_transformer: LinearAttentionTransformer (linear_attention_transformer.linear_attention_transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from linear_attention_transformer import LinearAttentionTransformer

model = LinearAttentionTransformer(dim=32, depth=2, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
