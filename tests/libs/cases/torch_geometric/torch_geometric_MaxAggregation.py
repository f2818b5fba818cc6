"""torch_geometric: MaxAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode."""
import torch
from torch_geometric.nn import MaxAggregation

model = MaxAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
