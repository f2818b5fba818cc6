"""torch_geometric: MedianAggregation (torch_geometric.nn.aggr.quantile), defaults, eval mode."""
import torch
from torch_geometric.nn import MedianAggregation

model = MedianAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
