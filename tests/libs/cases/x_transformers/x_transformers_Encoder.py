"""x_transformers: Encoder (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers import Encoder

model = Encoder(dim=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
