"""torch_geometric: GAT (torch_geometric.nn.models.basic_gnn), small configuration, eval mode."""
import torch
from torch_geometric.nn import GAT

model = GAT(in_channels=3, hidden_channels=32, num_layers=2).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)),)
