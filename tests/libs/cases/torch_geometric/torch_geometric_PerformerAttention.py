"""torch_geometric: PerformerAttention (torch_geometric.nn.attention.performer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import PerformerAttention

model = PerformerAttention(channels=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
