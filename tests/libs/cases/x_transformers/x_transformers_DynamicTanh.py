"""x_transformers: DynamicTanh (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import DynamicTanh

model = DynamicTanh(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
