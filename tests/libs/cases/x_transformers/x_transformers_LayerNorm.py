"""x_transformers: LayerNorm (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
