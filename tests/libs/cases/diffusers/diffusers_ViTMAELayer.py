"""diffusers: ViTMAELayer (diffusers.models.autoencoders.autoencoder_rae), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_rae import ViTMAELayer

model = ViTMAELayer(hidden_size=32, num_attention_heads=2, intermediate_size=32).eval()
example_args = (torch.randn(2, 16, 32),)
