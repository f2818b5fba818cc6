"""torch_geometric: MinAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from torch_geometric.nn import MinAggregation

model = MinAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
