"""torch_geometric: Attention (torch_geometric.nn.conv.dna_conv), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from torch_geometric.nn.conv.dna_conv import Attention

model = Attention().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"query": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "key": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "value": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
