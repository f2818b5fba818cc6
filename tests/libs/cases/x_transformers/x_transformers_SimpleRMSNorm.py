"""x_transformers: SimpleRMSNorm (x_transformers.x_transformers), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers.x_transformers import SimpleRMSNorm

model = SimpleRMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
