"""x_transformers: MultiheadRMSNorm (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import MultiheadRMSNorm

model = MultiheadRMSNorm(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
