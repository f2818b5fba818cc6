"""hyper_connections: RMSNorm (hyper_connections.manifold_constrained_hyper_connections), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from hyper_connections.manifold_constrained_hyper_connections import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
