"""diffusers: Encoder (diffusers.models.autoencoders.autoencoder_dc), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_dc import Encoder

model = Encoder(in_channels=4, latent_channels=16, block_out_channels=(32, 64, 128, 128, 256, 256), layers_per_block=(1, 1, 1, 1, 1, 1)).eval()
example_args = (torch.randn(2, 4, 32, 32),)
