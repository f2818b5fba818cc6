"""spandrel: LayerNorm (spandrel.architectures.SAFMNBCIE.__arch.safmn_bcie), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from spandrel.architectures.SAFMNBCIE.__arch.safmn_bcie import LayerNorm

model = LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
