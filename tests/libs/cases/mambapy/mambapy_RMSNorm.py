"""mambapy: RMSNorm (mambapy.mamba), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from mambapy.mamba import RMSNorm

model = RMSNorm(d_model=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
