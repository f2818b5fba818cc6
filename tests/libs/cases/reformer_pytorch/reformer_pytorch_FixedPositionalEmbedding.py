"""reformer_pytorch: FixedPositionalEmbedding (reformer_pytorch.reformer_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from reformer_pytorch.reformer_pytorch import FixedPositionalEmbedding

model = FixedPositionalEmbedding(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
