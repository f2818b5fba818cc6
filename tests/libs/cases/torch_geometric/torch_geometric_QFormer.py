"""torch_geometric: QFormer (torch_geometric.nn.attention.qformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn import QFormer

model = QFormer(input_dim=32, hidden_dim=32, output_dim=8, num_heads=2, num_layers=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
