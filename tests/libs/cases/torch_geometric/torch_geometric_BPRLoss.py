"""torch_geometric: BPRLoss (torch_geometric.nn.models.lightgcn), defaults, eval mode."""
import torch
from torch_geometric.nn.models.lightgcn import BPRLoss

model = BPRLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
