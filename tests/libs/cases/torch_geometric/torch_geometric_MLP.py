"""torch_geometric: MLP (torch_geometric.nn.models.gpse), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.gpse import MLP

model = MLP(in_channels=3, out_channels=8, hidden_channels=32, num_layers=2).eval()
example_args = (torch.randn(2, 3),)
