"""diffusers: ViTMAEOutput (diffusers.models.autoencoders.autoencoder_rae), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_rae import ViTMAEOutput

model = ViTMAEOutput(hidden_size=32, intermediate_size=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
