"""torch_geometric: PDNConv (torch_geometric.nn.conv.pdn_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import PDNConv

model = PDNConv(in_channels=3, out_channels=8, edge_dim=32, hidden_channels=32).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
