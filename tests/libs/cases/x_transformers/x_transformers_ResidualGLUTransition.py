"""x_transformers: ResidualGLUTransition (x_transformers.full_bandwidth), small configuration, eval mode."""
import torch
from x_transformers.full_bandwidth import ResidualGLUTransition

model = ResidualGLUTransition(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
