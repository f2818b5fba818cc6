"""torch_geometric: ChebConv (torch_geometric.nn.conv.cheb_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import ChebConv

model = ChebConv(in_channels=3, out_channels=8, K=3).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
