"""torch_geometric: LSTMAggregation (torch_geometric.nn.aggr.lstm), small configuration, eval mode."""
import torch
from torch_geometric.nn import LSTMAggregation

model = LSTMAggregation(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3),)
