"""x_transformers: PrefixDecoder (x_transformers.x_transformers), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers import PrefixDecoder

model = PrefixDecoder(dim=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
