"""snac: Snake1d (snac.layers), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from snac.layers import Snake1d

model = Snake1d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
