"""torch_geometric: Linear (torch_geometric.nn.dense.linear), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import Linear

model = Linear(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
