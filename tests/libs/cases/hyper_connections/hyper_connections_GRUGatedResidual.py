"""hyper_connections: GRUGatedResidual (hyper_connections.residuals), small configuration, eval mode."""
import torch
from hyper_connections.residuals import GRUGatedResidual

model = GRUGatedResidual(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
