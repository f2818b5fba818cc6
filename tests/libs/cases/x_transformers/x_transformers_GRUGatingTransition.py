"""x_transformers: GRUGatingTransition (x_transformers.full_bandwidth), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers.full_bandwidth import GRUGatingTransition

model = GRUGatingTransition(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"latents": {0: Dim.AUTO, 1: Dim.AUTO}, "stream": {0: Dim.AUTO, 1: Dim.AUTO}}
