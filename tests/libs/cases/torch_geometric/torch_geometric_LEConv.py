"""torch_geometric: LEConv (torch_geometric.nn.conv.le_conv), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import LEConv

model = LEConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}, "edge_index": None}
