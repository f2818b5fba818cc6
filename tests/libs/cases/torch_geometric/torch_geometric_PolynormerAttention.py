"""torch_geometric: PolynormerAttention (torch_geometric.nn.attention.polynormer), small configuration, eval mode."""
import torch
from torch_geometric.nn import PolynormerAttention

model = PolynormerAttention(channels=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
