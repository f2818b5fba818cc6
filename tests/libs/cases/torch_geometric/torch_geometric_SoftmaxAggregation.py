"""torch_geometric: SoftmaxAggregation (torch_geometric.nn.aggr.basic), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from torch_geometric.nn import SoftmaxAggregation

model = SoftmaxAggregation().eval()
example_args = (torch.randn(2, 1, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
