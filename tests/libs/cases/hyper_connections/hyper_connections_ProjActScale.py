"""hyper_connections: ProjActScale (hyper_connections.hyper_connections_with_multi_input_streams), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from hyper_connections.hyper_connections_with_multi_input_streams import ProjActScale

model = ProjActScale(dim=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
