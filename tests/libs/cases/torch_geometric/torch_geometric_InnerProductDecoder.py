"""torch_geometric: InnerProductDecoder (torch_geometric.nn.models.autoencoder), defaults, eval mode."""
import torch
from torch_geometric.nn import InnerProductDecoder

model = InnerProductDecoder().eval()
example_args = (torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)
