"""diffusers: LinearActivation (diffusers.models.activations), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.activations import LinearActivation

model = LinearActivation(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 1: Dim.AUTO}}
