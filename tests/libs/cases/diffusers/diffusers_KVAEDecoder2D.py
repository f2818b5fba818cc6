"""diffusers: KVAEDecoder2D (diffusers.models.autoencoders.autoencoder_kl_kvae), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_kvae import KVAEDecoder2D

model = KVAEDecoder2D(ch=32, out_ch=8, num_res_blocks=2, in_channels=3, z_channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
