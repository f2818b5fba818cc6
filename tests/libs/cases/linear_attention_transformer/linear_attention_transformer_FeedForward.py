"""linear_attention_transformer: FeedForward (linear_attention_transformer.linear_attention_transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from linear_attention_transformer.linear_attention_transformer import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
