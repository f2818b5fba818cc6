"""x_transformers: TokenEmbedding (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import TokenEmbedding

model = TokenEmbedding(dim=32, num_tokens=64).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
