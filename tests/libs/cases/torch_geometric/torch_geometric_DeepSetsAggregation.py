"""torch_geometric: DeepSetsAggregation (torch_geometric.nn.aggr.deep_sets), defaults, eval mode."""
import torch
from torch_geometric.nn import DeepSetsAggregation

model = DeepSetsAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
