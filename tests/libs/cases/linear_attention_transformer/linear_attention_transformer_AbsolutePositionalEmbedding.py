"""linear_attention_transformer: AbsolutePositionalEmbedding (linear_attention_transformer.linear_attention_transformer), small configuration, eval mode."""
import torch
from linear_attention_transformer.linear_attention_transformer import AbsolutePositionalEmbedding

model = AbsolutePositionalEmbedding(dim=32, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
