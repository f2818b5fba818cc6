"""torch_geometric: Linear (torch_geometric.nn.models.gpse), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.gpse import Linear

model = Linear(in_channels=3, out_channels=8, bias=False).eval()
example_args = (torch.randn(2, 16, 3),)
