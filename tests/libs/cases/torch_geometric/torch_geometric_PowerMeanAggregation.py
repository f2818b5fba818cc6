"""torch_geometric: PowerMeanAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode."""
import torch
from torch_geometric.nn import PowerMeanAggregation

model = PowerMeanAggregation().eval()
example_args = (torch.randn(2, 1, 32, 32),)
