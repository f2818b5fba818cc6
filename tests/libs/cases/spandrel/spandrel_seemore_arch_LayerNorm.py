"""spandrel: LayerNorm (spandrel.architectures.SeemoRe.__arch.seemore_arch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.SeemoRe.__arch.seemore_arch import LayerNorm

model = LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
