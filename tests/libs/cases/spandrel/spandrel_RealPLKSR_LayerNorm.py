"""spandrel: LayerNorm (spandrel.architectures.PLKSR.__arch.RealPLKSR), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from spandrel.architectures.PLKSR.__arch.RealPLKSR import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
