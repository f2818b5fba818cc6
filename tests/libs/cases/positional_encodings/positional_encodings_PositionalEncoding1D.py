"""positional_encodings: PositionalEncoding1D (positional_encodings.torch_encodings), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from positional_encodings.torch_encodings import PositionalEncoding1D

model = PositionalEncoding1D(channels=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"tensor": {0: Dim("batch"), 1: Dim("seq")}}
