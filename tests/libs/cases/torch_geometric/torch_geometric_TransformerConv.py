"""torch_geometric: TransformerConv (torch_geometric.nn.conv.transformer_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import TransformerConv

model = TransformerConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)),)
