"""performer_pytorch: FixedPositionalEmbedding (performer_pytorch.performer_pytorch), small configuration, eval mode."""
import torch
from performer_pytorch.performer_pytorch import FixedPositionalEmbedding

model = FixedPositionalEmbedding(dim=32, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
