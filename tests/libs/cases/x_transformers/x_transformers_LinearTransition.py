"""x_transformers: LinearTransition (x_transformers.full_bandwidth), small configuration, eval mode."""
import torch
from x_transformers.full_bandwidth import LinearTransition

model = LinearTransition(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
