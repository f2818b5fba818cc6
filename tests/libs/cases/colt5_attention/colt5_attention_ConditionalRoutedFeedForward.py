"""colt5_attention: ConditionalRoutedFeedForward (colt5_attention.transformer_block), small configuration, eval mode."""
import torch
from colt5_attention import ConditionalRoutedFeedForward

model = ConditionalRoutedFeedForward(dim=64, num_heavy_tokens=16).eval()
example_args = (torch.randn(2, 16, 64),)
