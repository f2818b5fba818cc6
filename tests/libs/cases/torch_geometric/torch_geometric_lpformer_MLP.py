"""torch_geometric: MLP (torch_geometric.nn.models.lpformer), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.lpformer import MLP

model = MLP(in_channels=3, hid_channels=32, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
