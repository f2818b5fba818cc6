"""diffusers: DynamicTanh (diffusers.models.autoencoders.autoencoder_same), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_same import DynamicTanh

model = DynamicTanh(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
