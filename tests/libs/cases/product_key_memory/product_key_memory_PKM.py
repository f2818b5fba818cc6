"""product_key_memory: PKM (product_key_memory.product_key_memory), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from product_key_memory import PKM

model = PKM(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
