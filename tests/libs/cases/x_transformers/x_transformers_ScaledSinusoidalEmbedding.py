"""x_transformers: ScaledSinusoidalEmbedding (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import ScaledSinusoidalEmbedding

model = ScaledSinusoidalEmbedding(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
