"""x_transformers: PerRowDataDependentAlibi (x_transformers.x_transformers), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_transformers.x_transformers import PerRowDataDependentAlibi

model = PerRowDataDependentAlibi(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
