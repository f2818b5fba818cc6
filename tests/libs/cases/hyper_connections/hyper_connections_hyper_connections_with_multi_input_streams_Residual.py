"""hyper_connections: Residual (hyper_connections.hyper_connections_with_multi_input_streams), defaults, eval mode."""
import torch
from hyper_connections.hyper_connections_with_multi_input_streams import Residual

model = Residual().eval()
example_args = (torch.randn(2, 3, 32, 32),)
