"""torch_geometric: PerformerProjection (torch_geometric.nn.attention.performer), small configuration, eval mode."""
import torch
from torch_geometric.nn.attention.performer import PerformerProjection

model = PerformerProjection(num_cols=32).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
