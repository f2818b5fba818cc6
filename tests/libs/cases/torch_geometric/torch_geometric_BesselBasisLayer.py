"""torch_geometric: BesselBasisLayer (torch_geometric.nn.models.dimenet), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.dimenet import BesselBasisLayer

model = BesselBasisLayer(num_radial=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
