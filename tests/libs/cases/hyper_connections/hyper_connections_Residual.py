"""hyper_connections: Residual (hyper_connections.hyper_connections), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from hyper_connections import Residual

model = Residual().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"residuals": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
