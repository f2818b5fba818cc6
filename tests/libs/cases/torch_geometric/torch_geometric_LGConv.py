"""torch_geometric: LGConv (torch_geometric.nn.conv.lg_conv), defaults, eval mode."""
import torch
from torch_geometric.nn import LGConv

model = LGConv().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2, 24)),)
