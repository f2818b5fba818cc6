"""torch_geometric: GCN2Conv (torch_geometric.nn.conv.gcn2_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import GCN2Conv

model = GCN2Conv(channels=32, alpha=0.1).eval()
example_args = (torch.randn(10, 32), torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)
