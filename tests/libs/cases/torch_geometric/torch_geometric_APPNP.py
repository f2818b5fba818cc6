"""torch_geometric: APPNP (torch_geometric.nn.conv.appnp), small configuration, eval mode."""
import torch
from torch_geometric.nn import APPNP

model = APPNP(K=3, alpha=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2, 24)),)
