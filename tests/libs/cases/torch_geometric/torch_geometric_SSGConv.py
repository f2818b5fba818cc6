"""torch_geometric: SSGConv (torch_geometric.nn.conv.ssg_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import SSGConv

model = SSGConv(in_channels=3, out_channels=8, alpha=0.1).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
