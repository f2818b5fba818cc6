"""torch_geometric: PPFConv (torch_geometric.nn.conv.ppf_conv), defaults, eval mode."""
import torch
from torch_geometric.nn import PPFConv

model = PPFConv().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2, 24)),)
