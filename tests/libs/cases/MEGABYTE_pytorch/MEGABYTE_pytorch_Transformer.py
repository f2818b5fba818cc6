"""MEGABYTE_pytorch: Transformer (MEGABYTE_pytorch.megabyte), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from MEGABYTE_pytorch.megabyte import Transformer

model = Transformer(dim=32, layers=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
