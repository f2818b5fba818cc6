"""x_transformers: LoRALinear (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import LoRALinear

model = LoRALinear(dim_in=32).eval()
example_args = (torch.randn(2, 16, 32),)
