"""spandrel: LearnedPositionalEncoding (spandrel.architectures.IPT.__arch.ipt), small configuration, eval mode."""
import torch
from spandrel.architectures.IPT.__arch.ipt import LearnedPositionalEncoding

model = LearnedPositionalEncoding(max_position_embeddings=16, embedding_dim=32, seq_length=16).eval()
example_args = (torch.randn(2, 16, 16),)
