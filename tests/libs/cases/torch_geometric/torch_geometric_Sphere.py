"""torch_geometric: Sphere (torch_geometric.nn.models.visnet), defaults, eval mode."""
import torch
from torch_geometric.nn.models.visnet import Sphere

model = Sphere().eval()
example_args = (torch.randn(2, 3, 32, 32),)
