"""hyper_connections: Residual (hyper_connections.mHCv2), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from hyper_connections.mHCv2 import Residual

model = Residual().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"residuals": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
