"""torch_geometric: VariancePreservingAggregation (torch_geometric.nn.aggr.variance_preserving), defaults, eval mode."""
import torch
from torch_geometric.nn import VariancePreservingAggregation

model = VariancePreservingAggregation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
