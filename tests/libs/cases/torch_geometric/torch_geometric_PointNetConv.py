"""torch_geometric: PointNetConv (torch_geometric.nn.conv.point_conv), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from torch_geometric.nn import PointNetConv

model = PointNetConv().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2, 24)),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "pos": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "edge_index": None}
