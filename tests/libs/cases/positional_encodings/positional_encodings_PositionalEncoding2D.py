"""positional_encodings: PositionalEncoding2D (positional_encodings.torch_encodings), small configuration, eval mode."""
import torch
from positional_encodings.torch_encodings import PositionalEncoding2D

model = PositionalEncoding2D(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
