"""spandrel: Mlp (spandrel.architectures.DRCT.__arch.drct_arch), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from spandrel.architectures.DRCT.__arch.drct_arch import Mlp

model = Mlp(in_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
