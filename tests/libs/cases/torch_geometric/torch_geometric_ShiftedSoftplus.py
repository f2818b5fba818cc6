"""torch_geometric: ShiftedSoftplus (torch_geometric.nn.models.schnet), defaults, eval mode."""
import torch
from torch_geometric.nn.models.schnet import ShiftedSoftplus

model = ShiftedSoftplus().eval()
example_args = (torch.randn(2, 3, 32, 32),)
