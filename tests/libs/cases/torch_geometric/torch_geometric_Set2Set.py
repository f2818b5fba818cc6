"""torch_geometric: Set2Set (torch_geometric.nn.aggr.set2set), small configuration, eval mode."""
import torch
from torch_geometric.nn import Set2Set

model = Set2Set(in_channels=3, processing_steps=32).eval()
example_args = (torch.randn(2, 3),)
