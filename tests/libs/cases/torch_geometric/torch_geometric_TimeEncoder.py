"""torch_geometric: TimeEncoder (torch_geometric.nn.models.tgn), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.tgn import TimeEncoder

model = TimeEncoder(out_channels=8).eval()
example_args = (torch.rand(2),)
