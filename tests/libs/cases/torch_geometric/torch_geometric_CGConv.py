"""torch_geometric: CGConv (torch_geometric.nn.conv.cg_conv), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from torch_geometric.nn import CGConv

model = CGConv(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32), torch.randint(0, 10, (2, 24)),)
dynamic_shapes = {"x": {0: Dim("batch")}, "edge_index": None}
