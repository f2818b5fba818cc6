"""torch_geometric: BatchNorm (torch_geometric.nn.norm.batch_norm), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from torch_geometric.nn import BatchNorm

model = BatchNorm(in_channels=3).eval()
example_args = (torch.randn(2, 3),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
