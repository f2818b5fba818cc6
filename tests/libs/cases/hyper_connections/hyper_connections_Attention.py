"""hyper_connections: Attention (hyper_connections.vit), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from hyper_connections.vit import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
