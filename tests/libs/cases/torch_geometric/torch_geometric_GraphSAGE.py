"""torch_geometric: GraphSAGE (torch_geometric.nn.models.basic_gnn), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import GraphSAGE

model = GraphSAGE(in_channels=3, hidden_channels=32, num_layers=2).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}, "edge_index": None}
