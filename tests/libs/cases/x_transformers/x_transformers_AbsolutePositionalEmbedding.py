"""x_transformers: AbsolutePositionalEmbedding (x_transformers.x_transformers), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from x_transformers.x_transformers import AbsolutePositionalEmbedding

model = AbsolutePositionalEmbedding(dim=32, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
