"""positional_encodings: PositionalEncodingPermute1D (positional_encodings.torch_encodings), small configuration, eval mode."""
import torch
from positional_encodings.torch_encodings import PositionalEncodingPermute1D

model = PositionalEncodingPermute1D(channels=32).eval()
example_args = (torch.randn(2, 16, 32),)
