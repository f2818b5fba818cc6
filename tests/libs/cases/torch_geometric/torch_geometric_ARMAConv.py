"""torch_geometric: ARMAConv (torch_geometric.nn.conv.arma_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import ARMAConv

model = ARMAConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
