"""torch_geometric: GaussianFilter (torch_geometric.nn.models.gnnff), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from torch_geometric.nn.models.gnnff import GaussianFilter

model = GaussianFilter().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"dist": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
