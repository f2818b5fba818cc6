"""torch_geometric: SGFormerAttention (torch_geometric.nn.attention.sgformer), small configuration, eval mode."""
import torch
from torch_geometric.nn import SGFormerAttention

model = SGFormerAttention(channels=32).eval()
example_args = (torch.randn(2, 16, 32),)
