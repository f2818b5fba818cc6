"""hyper_connections: OrthogonalResidualUpdate (hyper_connections.residuals), defaults, eval mode."""
import torch
from hyper_connections.residuals import OrthogonalResidualUpdate

model = OrthogonalResidualUpdate().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
