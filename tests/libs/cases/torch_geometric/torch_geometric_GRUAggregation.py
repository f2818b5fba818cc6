"""torch_geometric: GRUAggregation (torch_geometric.nn.aggr.gru), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from torch_geometric.nn import GRUAggregation

model = GRUAggregation(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3),)
dynamic_shapes = {"x": {0: Dim("batch")}}
