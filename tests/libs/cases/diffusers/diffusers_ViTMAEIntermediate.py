"""diffusers: ViTMAEIntermediate (diffusers.models.autoencoders.autoencoder_rae), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_rae import ViTMAEIntermediate

model = ViTMAEIntermediate(hidden_size=32, intermediate_size=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 1: Dim.AUTO}}
