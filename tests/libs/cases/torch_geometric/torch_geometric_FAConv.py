"""torch_geometric: FAConv (torch_geometric.nn.conv.fa_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import FAConv

model = FAConv(channels=32).eval()
example_args = (torch.randn(10, 32), torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)
