"""positional_encodings: PositionalEncodingPermute2D (positional_encodings.torch_encodings), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from positional_encodings.torch_encodings import PositionalEncodingPermute2D

model = PositionalEncodingPermute2D(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"tensor": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
