"""torch_geometric: MetaLayer (torch_geometric.nn.models.meta), defaults, eval mode."""
import torch
from torch_geometric.nn import MetaLayer

model = MetaLayer().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2, 24)),)
