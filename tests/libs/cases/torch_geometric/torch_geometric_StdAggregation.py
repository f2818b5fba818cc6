"""torch_geometric: StdAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode."""
import torch
from torch_geometric.nn import StdAggregation

model = StdAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
