"""torch_geometric: TAGConv (torch_geometric.nn.conv.tag_conv), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import TAGConv

model = TAGConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}, "edge_index": None}
