"""peft: OrthLayer (peft.tuners.psoft.layer), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from peft.tuners.psoft.layer import OrthLayer

model = OrthLayer(size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO}}
