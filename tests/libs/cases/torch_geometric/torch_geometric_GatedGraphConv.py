"""torch_geometric: GatedGraphConv (torch_geometric.nn.conv.gated_graph_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import GatedGraphConv

model = GatedGraphConv(out_channels=8, num_layers=2).eval()
example_args = (torch.randn(10, 8), torch.randint(0, 10, (2, 24)),)
