"""x_transformers: RMSNorm (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
