"""x_transformers: PolarEmbedding (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import PolarEmbedding

model = PolarEmbedding(dim=32, heads=2).eval()
example_args = (torch.rand(2),)
