"""x_transformers: Residual (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import Residual

model = Residual(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
