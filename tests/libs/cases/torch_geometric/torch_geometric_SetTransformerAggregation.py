"""torch_geometric: SetTransformerAggregation (torch_geometric.nn.aggr.set_transformer), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from torch_geometric.nn import SetTransformerAggregation

model = SetTransformerAggregation(channels=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
