"""torch_geometric: CosineCutoff (torch_geometric.nn.models.visnet), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.visnet import CosineCutoff

model = CosineCutoff(cutoff=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
