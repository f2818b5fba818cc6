"""diffusers: VaeDecoderBlock (diffusers.models.autoencoders.autoencoder_longcat_audio_dit), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_longcat_audio_dit import VaeDecoderBlock

model = VaeDecoderBlock(in_channels=3, out_channels=8, stride=1).eval()
example_args = (torch.randn(2, 3, 64),)
