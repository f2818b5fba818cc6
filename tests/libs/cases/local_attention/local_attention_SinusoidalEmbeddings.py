"""local_attention: SinusoidalEmbeddings (local_attention.rotary), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from local_attention.rotary import SinusoidalEmbeddings

model = SinusoidalEmbeddings(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
