"""hyper_connections: RMSNorm (hyper_connections.mHCv2), small configuration, eval mode."""
import torch
from hyper_connections.mHCv2 import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
