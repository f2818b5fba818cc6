"""reformer_pytorch: AbsolutePositionalEmbedding (reformer_pytorch.reformer_pytorch), small configuration, eval mode."""
import torch
from reformer_pytorch.reformer_pytorch import AbsolutePositionalEmbedding

model = AbsolutePositionalEmbedding(dim=32, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
