"""torch_geometric: MeanAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode."""
import torch
from torch_geometric.nn import MeanAggregation

model = MeanAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
