"""x_transformers: NeoMLP (x_transformers.neo_mlp), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers import NeoMLP

model = NeoMLP(dim_in=32, dim_hidden=32, dim_out=8, dim_model=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
