"""diffusers: Cosmos3AudioDecoderBlock (diffusers.models.autoencoders.autoencoder_cosmos3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_cosmos3_audio import Cosmos3AudioDecoderBlock

model = Cosmos3AudioDecoderBlock(input_dim=16, output_dim=8).eval()
example_args = (torch.randn(2, 16, 16),)
