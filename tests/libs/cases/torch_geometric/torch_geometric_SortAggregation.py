"""torch_geometric: SortAggregation (torch_geometric.nn.aggr.sort), small configuration, eval mode."""
import torch
from torch_geometric.nn import SortAggregation

model = SortAggregation(k=3).eval()
example_args = (torch.randn(2, 32),)
