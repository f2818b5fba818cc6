"""torch_geometric: GraphMultisetTransformer (torch_geometric.nn.aggr.gmt), small configuration, eval mode."""
import torch
from torch_geometric.nn import GraphMultisetTransformer

model = GraphMultisetTransformer(channels=32, k=3).eval()
example_args = (torch.randn(2, 32),)
