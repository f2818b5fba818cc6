"""diffusers: KVAEPXSUpsample (diffusers.models.autoencoders.autoencoder_kl_kvae), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_kvae import KVAEPXSUpsample

model = KVAEPXSUpsample(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
