"""diffusers: SAMEAttention (diffusers.models.autoencoders.autoencoder_same), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_same import SAMEAttention

model = SAMEAttention(dim=16, dim_heads=2).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 1: Dim.AUTO}}
