"""torch_geometric: TemporalEncoding (torch_geometric.nn.encoding), small configuration, eval mode."""
import torch
from torch_geometric.nn import TemporalEncoding

model = TemporalEncoding(out_channels=8).eval()
example_args = (torch.randn(2, 8, 32, 32),)
