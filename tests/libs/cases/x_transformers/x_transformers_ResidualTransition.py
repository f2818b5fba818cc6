"""x_transformers: ResidualTransition (x_transformers.full_bandwidth), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers.full_bandwidth import ResidualTransition

model = ResidualTransition(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"latents": {0: Dim("batch"), 1: Dim("seq")}, "stream": {0: Dim("batch"), 1: Dim("seq")}}
