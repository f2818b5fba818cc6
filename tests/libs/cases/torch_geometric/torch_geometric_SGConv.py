"""torch_geometric: SGConv (torch_geometric.nn.conv.sg_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import SGConv

model = SGConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
