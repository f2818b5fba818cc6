"""torch_geometric: Envelope (torch_geometric.nn.models.dimenet), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.dimenet import Envelope

model = Envelope(exponent=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
