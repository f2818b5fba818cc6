"""torch_geometric: LINKX (torch_geometric.nn.models.linkx), small configuration, eval mode."""
import torch
from torch_geometric.nn import LINKX

model = LINKX(num_nodes=10, in_channels=3, hidden_channels=32, out_channels=8, num_layers=2).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)),)
