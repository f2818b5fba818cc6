"""hyper_connections: RMSNorm (hyper_connections.hyper_connections_with_multi_input_streams), small configuration, eval mode."""
import torch
from hyper_connections.hyper_connections_with_multi_input_streams import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
