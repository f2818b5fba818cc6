"""x_transformers: RotaryEmbedding (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import RotaryEmbedding

model = RotaryEmbedding(dim=32).eval()
example_args = (torch.rand(2),)
