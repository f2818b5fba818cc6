"""monai: AbsolutePositionalEmbedding (monai.networks.nets.transformer), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from monai.networks.nets.transformer import AbsolutePositionalEmbedding

model = AbsolutePositionalEmbedding(max_seq_len=16, embedding_dim=32).eval()
example_args = (torch.randn(2, 16),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
