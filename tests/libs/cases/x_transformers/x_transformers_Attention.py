"""x_transformers: Attention (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
