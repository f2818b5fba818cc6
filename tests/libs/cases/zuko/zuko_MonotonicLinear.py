"""zuko: MonotonicLinear (zuko.nn), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from zuko.nn import MonotonicLinear

model = MonotonicLinear(in_features=32, out_features=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
