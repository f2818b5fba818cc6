"""torch_geometric: GraphModule (torch_geometric.nn.models.sgformer), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.sgformer import GraphModule

model = GraphModule(in_channels=3, hidden_channels=32).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)),)
