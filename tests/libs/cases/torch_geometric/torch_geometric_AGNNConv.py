"""torch_geometric: AGNNConv (torch_geometric.nn.conv.agnn_conv), defaults, eval mode."""
import torch
from torch_geometric.nn import AGNNConv

model = AGNNConv().eval()
example_args = (torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)
