"""x_transformers: RelativeProjPositionalBias (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import RelativeProjPositionalBias

model = RelativeProjPositionalBias(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
