"""spandrel: Mlp (spandrel.architectures.GRL.__arch.swin_v1_block), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from spandrel.architectures.GRL.__arch.swin_v1_block import Mlp

model = Mlp(in_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
