"""hyper_connections: Transformer (hyper_connections.vit), small configuration, eval mode."""
import torch
from hyper_connections.vit import Transformer

model = Transformer(dim=32, depth=2, heads=2, dim_head=16, mlp_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
