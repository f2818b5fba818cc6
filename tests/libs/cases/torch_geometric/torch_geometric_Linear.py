"""torch_geometric: Linear (torch_geometric.nn.conv.dna_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn.conv.dna_conv import Linear

model = Linear(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
