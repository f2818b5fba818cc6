"""torch_geometric: LCMAggregation (torch_geometric.nn.aggr.lcm), small configuration, eval mode."""
import torch
from torch_geometric.nn import LCMAggregation

model = LCMAggregation(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3),)
