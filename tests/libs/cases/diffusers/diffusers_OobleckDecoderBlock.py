"""diffusers: OobleckDecoderBlock (diffusers.models.autoencoders.autoencoder_oobleck), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_oobleck import OobleckDecoderBlock

model = OobleckDecoderBlock(input_dim=16, output_dim=8).eval()
example_args = (torch.randn(2, 16, 16),)
