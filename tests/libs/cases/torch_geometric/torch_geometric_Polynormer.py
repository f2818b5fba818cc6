"""torch_geometric: Polynormer (torch_geometric.nn.models.polynormer), small configuration, eval mode."""
import torch
from torch_geometric.nn import Polynormer

model = Polynormer(in_channels=3, hidden_channels=32, out_channels=8).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)), torch.randn(10, 3),)
