"""hyper_connections: RMSNorm (hyper_connections.hyper_connections_channel_first), small configuration, eval mode."""
import torch
from hyper_connections.hyper_connections_channel_first import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
