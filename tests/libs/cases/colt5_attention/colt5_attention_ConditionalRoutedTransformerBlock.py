"""colt5_attention: ConditionalRoutedTransformerBlock (colt5_attention.transformer_block), small configuration, eval mode."""
import torch
from colt5_attention import ConditionalRoutedTransformerBlock

model = ConditionalRoutedTransformerBlock(dim=64, num_heavy_attn_tokens_q=16, num_heavy_attn_tokens_kv=16, num_heavy_ff_tokens=16, light_heads=2, heavy_heads=2).eval()
example_args = (torch.randn(2, 16, 64),)
