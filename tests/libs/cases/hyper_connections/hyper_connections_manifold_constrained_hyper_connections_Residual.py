"""hyper_connections: Residual (hyper_connections.manifold_constrained_hyper_connections), defaults, eval mode."""
import torch
from hyper_connections.manifold_constrained_hyper_connections import Residual

model = Residual().eval()
example_args = (torch.randn(2, 3, 32, 32),)
