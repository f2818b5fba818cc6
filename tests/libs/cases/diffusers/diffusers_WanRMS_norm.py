"""diffusers: WanRMS_norm (diffusers.models.autoencoders.autoencoder_kl_wan), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_wan import WanRMS_norm

model = WanRMS_norm(dim=32).eval()
example_args = (torch.randn(2, 32),)
