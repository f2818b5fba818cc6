"""hyper_connections: AttentionPoolReduceStream (hyper_connections.mHCv2), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from hyper_connections.mHCv2 import AttentionPoolReduceStream

model = AttentionPoolReduceStream(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"residuals": {0: Dim("batch"), 1: Dim("seq")}}
