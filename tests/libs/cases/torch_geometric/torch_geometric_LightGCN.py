"""torch_geometric: LightGCN (torch_geometric.nn.models.lightgcn), small configuration, eval mode."""
import torch
from torch_geometric.nn import LightGCN

model = LightGCN(num_nodes=10, embedding_dim=32, num_layers=2).eval()
example_args = (torch.randint(0, 10, (2, 24)),)
