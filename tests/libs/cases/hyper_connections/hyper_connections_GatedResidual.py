"""hyper_connections: GatedResidual (hyper_connections.residuals), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from hyper_connections.residuals import GatedResidual

model = GatedResidual(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}, "residual": {0: Dim.AUTO, 1: Dim.AUTO}}
