"""torch_geometric: MLPAggregation (torch_geometric.nn.aggr.mlp), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from torch_geometric.nn import MLPAggregation

model = MLPAggregation(in_channels=3, out_channels=8, max_num_elements=32, num_layers=2, hidden_channels=32).eval()
example_args = (torch.randn(2, 3),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
